import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { z } from "zod";
import { logisticsTestApp } from "./api/logistics-fixtures";
import { firstDifference, registerZodValidation } from "./zod-provider";

let ctx: Awaited<ReturnType<typeof logisticsTestApp>>;
beforeAll(async () => {
  ctx = await logisticsTestApp();
});
afterAll(() => ctx.t.close());

const leadCount = async () =>
  (await ctx.call("GET", "/api/crm/leads")).json<{ total_no_of_data: number }>().total_no_of_data;

describe("unknown query keys", () => {
  it("a misspelt filter on 'delete all matching' deletes nothing and names the key", async () => {
    for (const [i, status] of (["HOT", "WARM", "COLD"] as const).entries()) {
      const res = await ctx.call("POST", "/api/crm/leads", {
        name: `Query Lead ${i}`,
        contact_no: `98100 0000${i}`,
        status,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await ctx.call("POST", "/api/crm/leads/bulk_delete?stauts=HOT", { all_matching: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('"stauts"') });
    expect(res.json().message).toContain("status");
    expect(await leadCount()).toBe(3);
    // The right key still narrows the delete to its rows.
    const hot = await ctx.call("POST", "/api/crm/leads/bulk_delete?status=HOT", { all_matching: true });
    expect(hot.statusCode).toBe(200);
    expect(await leadCount()).toBe(2);
  });

  it("lists, exports and routes without a query refuse keys they do not declare", async () => {
    for (const url of [
      "/api/crm/leads?page=1&sttaus=HOT",
      "/api/members/export.csv?serach=a",
      "/api/teams/?page=2",
      "/api/blog_details/?page=1&page_size=12&tags=x",
    ]) {
      const res = await ctx.call("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^Unknown query parameter "(sttaus|serach|page|tags)"/);
    }
    expect((await ctx.call("GET", "/api/crm/leads?page=1&status=HOT")).statusCode).toBe(200);
  });

  it("every route with an access level is registered with a query schema that refuses an unknown key", () => {
    const lenient = ctx.app.apiRoutes
      .filter((route) => {
        const query = route.schema?.querystring as z.ZodType | undefined;
        const issues = query?.safeParse({ zz_unknown: "1" }).error?.issues ?? [];
        return !issues.some((issue) => issue.code === "unrecognized_keys");
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(lenient).toEqual([]);
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(100);
  });
});

describe("answers through the response schemas", () => {
  const contractApp = async (response: Record<number, z.ZodType> | undefined, exactAnswers = false) => {
    const app = Fastify();
    registerZodValidation(app, { exactAnswers });
    app.get("/thing", { config: { access: "public" }, schema: response ? { response } : {} }, async () => ({
      id: 7,
      name: "Crane",
      password_hash: "$argon2id$secret",
      at: new Date("2026-01-02T03:04:05.000Z"),
    }));
    await app.ready();
    return app;
  };

  it("sends only the declared fields, dates as ISO strings", async () => {
    const app = await contractApp({
      200: z.object({ id: z.number().int(), name: z.string(), at: z.iso.datetime() }),
    });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.json()).toEqual({ id: 7, name: "Crane", at: "2026-01-02T03:04:05.000Z" });
    expect(res.body).not.toContain("argon2id");
    await app.close();
  });

  it("outside production, refuses an answer its schema would trim or coerce, naming the field", async () => {
    const declared = { id: z.number().int(), name: z.string(), at: z.iso.datetime() };
    const trims = await contractApp({ 200: z.object(declared) }, true);
    const res = await trims.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("argon2id");
    await trims.close();
    const exact = await contractApp({ 200: z.object({ ...declared, password_hash: z.string() }) }, true);
    expect((await exact.inject({ method: "GET", url: "/thing" })).json()).toMatchObject({
      id: 7,
      at: "2026-01-02T03:04:05.000Z",
    });
    await exact.close();
    expect(firstDifference({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] }, "answer")).toBe("drops answer.a[0].c");
    expect(firstDifference({ n: 1.5 }, { n: 1 }, "answer")).toBe("changes answer.n from 1.5 to 1");
    expect(firstDifference([1, 2], [1], "answer")).toBe("writes 1 items of 2 at answer");
  });

  it("refuses to start with a route that declares no 2xx answer", async () => {
    await expect(contractApp(undefined)).rejects.toThrow(/GET \/thing declares no 2xx response schema/);
  });
});
