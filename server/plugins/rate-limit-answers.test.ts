import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";
import { createJob } from "#tests/support/factories.ts";

/**
 * Every limit answers alike: 429, the JSON every refusal has ({ success: false, message, data }) and a
 * Retry-After a client can wait for. The routes come from the app's own list, so a new limited route is
 * walked too.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1" });
  const admin = { username: "limits-admin", password: "limits-admin-password" };
  await t.app.services.operators.create({ ...admin, role: "admin" });
  const signedIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: admin,
    remoteAddress: "10.59.0.1",
  });
  // A confirmed session: routes that change sign-in details ask for the password before their limit counts.
  token = await reauthenticated(t.app, signedIn.json().access_token, admin.password, "10.59.0.1");
  await createJob(t.app.database.db);
});
afterAll(() => t.close());

/** Enough requests to pass any limit in the app (the largest is 60 a minute). */
const MAX_TRIES = 200;

function expectLimitAnswer(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  what: string,
) {
  expect(res.statusCode, what).toBe(429);
  expect(String(res.headers["content-type"]), what).toMatch(/^application\/json/);
  expect(res.json(), what).toEqual({ success: false, message: expect.any(String), data: [] });
  expect((res.json() as { message: string }).message.length, what).toBeGreaterThan(10);
  expect(String(res.headers["retry-after"]), what).toMatch(/^[1-9]\d*$/);
}

describe("every rate-limited route", () => {
  it("answers its limit with 429, the usual JSON shape and Retry-After", async () => {
    const limited = t.app.apiRoutes.filter((r) => r.rateLimited);
    expect(limited.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "POST /api/jobs/:id/applications",
        "POST /api/contact_requests",
        "POST /api/auth/login",
      ]),
    );
    for (const [i, route] of limited.entries()) {
      const what = `${route.method} ${route.url}`;
      const url = route.url.replace(/:[a-z_]+/gi, "1");
      const withBody = route.method !== "GET" && route.method !== "DELETE";
      let last;
      for (let n = 0; n < MAX_TRIES; n++) {
        last = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: {
            accept: "application/json",
            ...(route.access === "public" ? {} : { authorization: `Bearer ${token}` }),
          },
          ...(withBody ? { payload: {} } : {}),
          remoteAddress: `10.60.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        });
        if (last.statusCode === 429) break;
      }
      expectLimitAnswer(last!, what);
    }
  });
});

describe("limits raised inside a route", () => {
  it("the sign-in lockout of an account answers 429 with Retry-After too", async () => {
    await t.app.services.operators.create({
      username: "locked-out",
      password: "the-right-password-1",
      role: "editor",
    });
    let last;
    // Below the route's own 30 a minute: the lockout of the account answers first.
    for (let n = 0; n < 25; n++) {
      last = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "locked-out", password: `wrong-password-${n}` },
        remoteAddress: "10.61.0.1",
      });
      if (last.statusCode === 429) break;
    }
    expectLimitAnswer(last!, "sign-in lockout");
    expect((last!.json() as { message: string }).message).toMatch(/^Too many failed sign-in attempts/);
  });
});
