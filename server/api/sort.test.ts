import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorToken } from "#tests/support/auth.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

// Console GET routes that are not lists (no paging, no sort): everything else must refuse an unknown sort.
const NOT_LISTS = new Set([
  "/api/auth/me",
  "/api/site_settings",
  "/api/analytics/overall",
  "/api/crm/board",
  "/api/members/verify",
  "/api/operators",
]);
// Prototype names a lookup in a plain object would find, and names no list has.
const UNKNOWN_SORTS = [
  "toString",
  "constructor",
  "__proto__",
  "valueOf",
  "-hasOwnProperty",
  "no_such_column",
];

let t: TestApp;
let token = "";
let lists: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t.app, "admin");
  lists = t.app.apiRoutes
    .filter((r) => r.method === "GET" && r.access !== "public" && !NOT_LISTS.has(r.url))
    .map((r) => r.url.replace(":entity", "truck"))
    .filter((url) => !url.includes(":"));
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

describe("sorting console lists", () => {
  it("covers every console list and export", () => {
    expect(lists).toEqual(
      expect.arrayContaining([
        "/api/blog",
        "/api/jobs",
        "/api/comments",
        "/api/team_members",
        "/api/contact_requests",
        "/api/members",
        "/api/trucks",
        "/api/crm/leads",
        "/api/trucks/export.csv",
        "/api/audit_log",
      ]),
    );
  });

  it("refuses a sort that is not one of the list's columns with 400 and a message naming the ones that are", async () => {
    const answers: string[] = [];
    for (const url of lists)
      for (const sort of UNKNOWN_SORTS) {
        const res = await get(`${url}?sort=${encodeURIComponent(sort)}`);
        if (res.statusCode !== 400) answers.push(`${url}?sort=${sort}: ${res.statusCode}`);
        else expect(res.json().message, url).toMatch(/sort/i);
      }
    expect(answers).toEqual([]);
  });

  it("still sorts by a column the list has, both ways", async () => {
    for (const sort of ["heading", "-heading"])
      expect((await get(`/api/blog?sort=${sort}`)).statusCode).toBe(200);
    for (const sort of ["created_at", "-created_at"])
      expect((await get(`/api/members?sort=${sort}`)).statusCode).toBe(200);
    const refused = await get("/api/blog?sort=constructor");
    expect(refused.json().message).toContain("heading, status, published_at");
  });
});
