import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { isDatabaseUnavailable, UNSTORABLE_TEXT } from "./errors";

let t: TestApp;
let token = "";
beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.operators.create({
    username: "errors-admin",
    password: "errors-password-1",
    role: "admin",
  });
  token = (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "errors-admin", password: "errors-password-1" },
    })
  ).json().access_token;
});
afterAll(() => t.close());

describe("central error handling", () => {
  it("answers 400, not 500, to text the database cannot store (a NUL byte)", async () => {
    const list = await t.app.inject({
      url: "/api/contact_requests?search=a%00b",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ success: false, message: UNSTORABLE_TEXT, data: [] });
    const post = await t.app.inject({
      method: "POST",
      url: "/api/contact_requests",
      payload: {
        first_name: "A",
        last_name: "B",
        email: "a@example.com",
        message: "nul \u0000 here",
        privacy_consent: true,
      },
    });
    expect(post.statusCode).toBe(400);
  });

  it("recognises an unreachable database in wrapped errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});
