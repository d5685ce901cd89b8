import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../support/app";
import { operatorToken } from "../support/auth";

// Unknown query keys: every list, export and bulk delete refuses a key it does not declare, so a
// misspelt filter can never widen what it reads or deletes. Each declared key is sent misspelt, plus one
// that no route has.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t.app, "admin");
});
afterAll(() => t.close());

/** A valid value for each path parameter (an enum's first member, a record id or a token-like word). */
function pathOf(url: string, params: z.ZodType | undefined) {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const field = params instanceof z.ZodObject ? (params.shape[name] as z.ZodType) : undefined;
    const values = (field ? (z.toJSONSchema(field, { io: "input" }) as { enum?: string[] }).enum : []) ?? [];
    return [...values, "1", "a.b"].find((value) => field?.safeParse(value).success) ?? "1";
  });
}

/** `status` → `stauts`: the typo of a person, never a declared key. */
const misspell = (key: string) => (key.length > 2 ? `${key[0]}${key[2]}${key[1]}${key.slice(3)}` : `${key}x`);

describe("unknown query keys on every list and bulk endpoint", () => {
  it("answer 400 naming the key, for each declared key misspelt and for a key no route has", async () => {
    const lists = t.app.apiRoutes.filter(
      (route) => route.method === "GET" || route.url.endsWith("/bulk_delete"),
    );
    expect(lists.length).toBeGreaterThan(40);
    const accepted: string[] = [];
    for (const route of lists) {
      const query = route.schema?.querystring;
      const declared = query instanceof z.ZodObject ? Object.keys(query.shape) : [];
      const unknown = ["zz_unknown_key", ...declared.map(misspell).filter((key) => !declared.includes(key))];
      const querySchema = query instanceof z.ZodObject ? query : undefined;
      const body =
        route.method === "POST" ? (querySchema ? { all_matching: true } : { ids: [1] }) : undefined;
      for (const key of unknown) {
        const url = `${pathOf(route.url, route.schema?.params)}?${key}=HOT`;
        const res = await t.app.inject({
          method: route.method as "GET" | "POST",
          url,
          headers: { authorization: `Bearer ${admin}` },
          ...(body ? { payload: body } : {}),
        });
        const message = res.statusCode === 400 ? String(res.json<{ message: string }>().message) : "";
        if (!message.includes(`"${key}"`))
          accepted.push(`${route.method} ${url}: ${res.statusCode} ${message}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
