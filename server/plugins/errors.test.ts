import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from "#domain/errors.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { isDatabaseUnavailable, registerErrorHandling, UNAVAILABLE, UNSTORABLE_TEXT } from "./errors";

const t = testAppPerFile();
let token = "";
beforeAll(async () => {
  token = await operatorToken(t().app, "admin");
});

describe("central error handling", () => {
  it("answers 400, not 500, to text the database cannot store (a NUL byte)", async () => {
    const list = await t().app.inject({
      url: "/api/contact_requests?search=a%00b",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ success: false, message: UNSTORABLE_TEXT, data: [] });
    const post = await t().app.inject({
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

describe("domain error codes over HTTP", () => {
  const fields = { email: "Enter a valid e-mail address." };
  // What each code answers: status, Retry-After, and the message when it is not the thrower's.
  const expected: Record<DomainErrorCode, { status: number; retryAfter?: string; message?: string }> = {
    invalid: { status: 400 },
    unauthorized: { status: 401 },
    forbidden: { status: 403 },
    not_found: { status: 404 },
    conflict: { status: 409 },
    too_large: { status: 413 },
    unprocessable: { status: 422 },
    rate_limited: { status: 429, retryAfter: "60" },
    busy: { status: 503, retryAfter: "30" },
    unavailable: { status: 503, retryAfter: "5", message: UNAVAILABLE },
  };
  const app = Fastify();
  registerErrorHandling(app);
  app.get<{ Params: { code: DomainErrorCode } }>("/throw/:code", async (request) => {
    throw new DomainError(request.params.code, `Message for ${request.params.code}.`, { fields });
  });
  app.get("/rate_limited/with_wait", async () => {
    throw new DomainError("rate_limited", "Too many wrong codes.", { retryAfterSeconds: 17 });
  });
  app.get("/forbidden/with_reason", async () => {
    throw new DomainError("forbidden", "Confirm your password.", { reason: "reauth_required" });
  });
  afterAll(() => app.close());

  it("covers every code", () => {
    expect(Object.keys(expected).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it.each(DOMAIN_ERROR_CODES)("answers %s with its status, headers and body", async (code) => {
    const res = await app.inject(`/throw/${code}`);
    const { status, retryAfter, message = `Message for ${code}.` } = expected[code];
    expect(res.statusCode).toBe(status);
    expect(res.headers["retry-after"]).toBe(retryAfter);
    expect(res.json()).toEqual({
      success: false,
      message,
      data: [],
      errors: fields,
      ...(status >= 500 ? { request_id: expect.any(String) } : {}),
    });
  });

  it("keeps a limit's own wait and a reason a client acts on", async () => {
    const limited = await app.inject("/rate_limited/with_wait");
    expect(limited.headers["retry-after"]).toBe("17");
    const reauth = await app.inject("/forbidden/with_reason");
    expect(reauth.statusCode).toBe(403);
    expect(reauth.json()).toEqual({
      success: false,
      message: "Confirm your password.",
      reason: "reauth_required",
      data: [],
    });
  });
});
