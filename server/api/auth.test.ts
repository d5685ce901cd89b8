import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { knownSignInAddresses, loginThrottle, operators, refreshTokens } from "#db/schema/index.ts";
import { PREVIOUS_TOKEN_GRACE_MS } from "#domain/auth/service.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "#domain/auth/tokens.ts";
import { REFRESH_HEADER, REFRESH_HEADER_VALUE } from "#shared/auth.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";
import { describeWith } from "#tests/support/services.ts";

let t: TestApp;
const ADMIN = { username: "root-admin", password: "admin-password-0001" };
const EDITOR = { username: "content-editor", password: "editor-password-0001" };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.operators.create({ ...ADMIN, role: "admin" });
  await t.app.services.operators.create({ ...EDITOR, role: "editor" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(loginThrottle);
  await t.app.database.db.delete(knownSignInAddresses);
});
afterEach(() => {
  vi.useRealTimers();
});

const login = (
  body: unknown,
  ip = "10.1.1.1",
  url = "/api/auth/login",
  headers: Record<string, string> = {},
) => t.app.inject({ method: "POST", url, payload: body as object, remoteAddress: ip, headers });
const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const raw = ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("refresh_token="));
  return raw?.split(";")[0]?.split("=")[1] ?? "";
};
// What the console's api client sends (app/lib/dashboard/api.ts).
const CONSOLE = { [REFRESH_HEADER]: REFRESH_HEADER_VALUE };
const refresh = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: "/refresh_token",
    cookies: { refresh_token: token },
    headers: { ...CONSOLE, ...headers },
  });
const me = (token: string) =>
  t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });

async function signIn(who = ADMIN) {
  const res = await login(who, `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  expect(res.statusCode).toBe(200);
  return { access: res.json().access_token as string, refresh: cookieOf(res), body: res.json() };
}

describe("sign-in", () => {
  it("answers the token, user id, username and role, and sets a strict HttpOnly refresh cookie", async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      user_id: expect.any(Number),
      username: ADMIN.username,
      role: "admin",
      two_factor_enrolment_required: false,
    });
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("refresh_token="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/refresh_token/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("issues a 15-minute HS256 access token with type and audience", async () => {
    const { access } = await signIn();
    const header = decodeProtectedHeader(access);
    const claims = decodeJwt(access);
    expect(header).toMatchObject({ alg: "HS256", typ: "at+jwt" });
    expect(claims.aud).toBe(TOKEN_AUDIENCE);
    expect(claims.iss).toBe(TOKEN_ISSUER);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(JSON.stringify(claims)).not.toContain("password");
  });

  it("gives one message for a wrong password and an unknown user", async () => {
    const wrong = await login({ username: ADMIN.username, password: "nope-nope-nope" });
    const unknown = await login({ username: "nobody-here", password: "nope-nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Incorrect username or password.");
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("accepts the username in any case", async () => {
    expect(
      (await login({ username: ADMIN.username.toUpperCase(), password: ADMIN.password })).statusCode,
    ).toBe(200);
  });

  it("refuses a disabled operator, and their live tokens stop at once", async () => {
    await t.app.services.operators.create({
      username: "leaver",
      password: "leaver-password-01",
      role: "editor",
    });
    const session = await signIn({ username: "leaver", password: "leaver-password-01" });
    expect((await me(session.access)).statusCode).toBe(200);
    await t.app.database.db.update(operators).set({ disabled: true }).where(eq(operators.username, "leaver"));
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).json().error_code).toBe(401);
    expect((await login({ username: "leaver", password: "leaver-password-01" }, "10.7.7.7")).statusCode).toBe(
      401,
    );
  });
});

describe("access tokens", () => {
  const key = new TextEncoder().encode("test-secret-that-is-long-enough-0123456789");
  const forge = (
    claims: Record<string, unknown>,
    opts: { exp?: number; aud?: string; typ?: string; alg?: "HS256" | "HS512" } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? "HS256", typ: opts.typ ?? "at+jwt" })
      .setSubject("1")
      .setAudience(opts.aud ?? TOKEN_AUDIENCE)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(key);

  it("answers 'Token expired' for an expired token", async () => {
    const { access } = await signIn();
    const fam = decodeJwt(access).fam;
    const expired = await forge(
      { role: "admin", username: ADMIN.username, fam },
      { exp: Math.floor(Date.now() / 1000) - 5 },
    );
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Token expired");
  });

  it("rejects forged, alg:none, wrong-audience, wrong-type and garbage tokens without detail", async () => {
    const { access } = await signIn();
    const fam = decodeJwt(access).fam;
    const [, payload] = access.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url")}.${payload}.`;
    const tampered = access.slice(0, -4) + (access.endsWith("AAAA") ? "BBBB" : "AAAA");
    const otherKey = await new SignJWT({ role: "admin", username: "x", fam })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("1")
      .setAudience(TOKEN_AUDIENCE)
      .setIssuer(TOKEN_ISSUER)
      .setExpirationTime("10m")
      .setIssuedAt()
      .sign(new TextEncoder().encode("another-secret-another-secret-0000"));
    const candidates = [
      none,
      tampered,
      otherKey,
      await forge({ role: "admin", username: "x", fam }, { aud: "someone-else" }),
      await forge({ role: "admin", username: "x", fam }, { typ: "JWT" }),
      await forge({ role: "admin", username: "x", fam }, { alg: "HS512" }),
      "not.a.token",
    ];
    for (const token of candidates) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe("Unauthorized");
    }
  });

  it("does not accept a refresh token as an access token", async () => {
    const { refresh: rt } = await signIn();
    expect((await me(rt)).statusCode).toBe(401);
  });
});

describe("refresh tokens", () => {
  it("rotate on every refresh and the new access token works", async () => {
    const first = await signIn();
    const res = await refresh(first.refresh);
    expect(res.json()).toEqual({ error_code: 200, data: { access_token: expect.any(String) } });
    const next = cookieOf(res);
    expect(next).not.toBe(first.refresh);
    expect((await me(res.json().data.access_token)).statusCode).toBe(200);
    expect((await refresh(next)).json().error_code).toBe(200);
  });

  it("revoke the whole family when a rotated token is reused after the grace of a sibling tab", async () => {
    const first = await signIn();
    const rotated = await refresh(first.refresh);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PREVIOUS_TOKEN_GRACE_MS + 1_000 });
    const stolenReplay = await refresh(first.refresh);
    expect(stolenReplay.json().error_code).toBe(401);
    expect((await refresh(cookieOf(rotated))).json().error_code).toBe(401);
    expect((await me(rotated.json().data.access_token)).statusCode).toBe(401);
  });

  it("answer a sibling tab's just-replaced token with an access token and leave the cookie alone", async () => {
    const first = await signIn();
    const rotated = await refresh(first.refresh);
    const sibling = await refresh(first.refresh);
    expect(sibling.json()).toEqual({ error_code: 200, data: { access_token: expect.any(String) } });
    expect(sibling.headers["set-cookie"]).toBeUndefined();
    expect((await me(sibling.json().data.access_token)).statusCode).toBe(200);
    expect((await refresh(cookieOf(rotated))).json().error_code).toBe(200);
  });

  it("revoke the family when a token older than the one just replaced comes back, even within the grace", async () => {
    const first = await signIn();
    const second = cookieOf(await refresh(first.refresh));
    const third = await refresh(second);
    expect((await refresh(first.refresh)).json().error_code).toBe(401);
    expect((await refresh(cookieOf(third))).json().error_code).toBe(401);
  });

  it("also work over POST and refuse cross-site requests", async () => {
    const first = await signIn();
    const cross = await refresh(first.refresh, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(cross.statusCode).toBe(403);
    const post = await t.app.inject({
      method: "POST",
      url: "/refresh_token",
      cookies: { refresh_token: first.refresh },
      headers: CONSOLE,
    });
    expect(post.json().error_code).toBe(200);
  });

  it("answer error_code 401 without a cookie", async () => {
    expect((await t.app.inject({ url: "/refresh_token", headers: CONSOLE })).json()).toMatchObject({
      error_code: 401,
    });
  });

  it("are neither rotated nor revoked by a request that is not the console's script (an <img> in a post)", async () => {
    const session = await signIn();
    const notAScript: Record<string, string>[] = [
      // What Chromium sends for <img src="/refresh_token"> on a page of this site.
      { "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors", "sec-fetch-site": "same-origin" },
      // A link followed, a form posted, a prefetch.
      { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" },
      { "sec-fetch-dest": "empty", "sec-fetch-mode": "no-cors", "sec-fetch-site": "same-origin" },
      // A browser that sends no fetch metadata: only the console's header proves a script.
      {},
    ];
    for (const [i, headers] of notAScript.entries()) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.app.inject({
          method,
          url: "/refresh_token",
          cookies: { refresh_token: session.refresh },
          headers,
          remoteAddress: `10.8.${i}.1`,
        });
        expect(res.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().error_code).toBe(403);
        expect(res.headers["set-cookie"], JSON.stringify(headers)).toBeUndefined();
      }
    }
    // The session was not touched: the cookie still rotates, once, and the access token still works.
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await refresh(session.refresh)).json().error_code).toBe(200);
  });

  it("rotate for a browser's fetch() from the console page even without the header", async () => {
    const session = await signIn();
    const res = await t.app.inject({
      method: "GET",
      url: "/refresh_token",
      cookies: { refresh_token: session.refresh },
      headers: { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" },
    });
    expect(res.json().error_code).toBe(200);
  });
});

// PGlite runs one request's statements at a time, so nothing races there: these run on PostgreSQL only.
describeWith("TEST_DATABASE_URL", "rotation racing revocation, on PostgreSQL", () => {
  const ROUNDS = 30;
  // Each round from its own address, so the per-address limit of the refresh route stays out of the way.
  const refreshFrom = (token: string, round: number) =>
    t.app.inject({
      method: "GET",
      url: "/refresh_token",
      cookies: { refresh_token: token },
      headers: CONSOLE,
      remoteAddress: `10.9.${round}.1`,
    });
  const logout = (access: string, round: number) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: `10.9.${round}.2`,
    });

  it("leaves no token minted alongside a logout able to refresh", async () => {
    const survivors: number[] = [];
    let mintedRounds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const session = await signIn();
      const [out, rotated] = await Promise.all([
        logout(session.access, round),
        refreshFrom(session.refresh, round),
      ]);
      expect(out.statusCode).toBe(200);
      const minted = cookieOf(rotated);
      if (!minted) continue;
      mintedRounds++;
      const again = await refreshFrom(minted, round);
      const access = rotated.json().data.access_token as string;
      if (again.json().error_code !== 401 || (await me(access)).statusCode !== 401) survivors.push(round);
    }
    console.info(`rotation vs logout: ${mintedRounds} of ${ROUNDS} rounds minted a token before the logout`);
    // Otherwise no round raced: the logout always came first and nothing above was checked.
    expect(mintedRounds).toBeGreaterThan(0);
    expect(survivors, `rounds whose new token outlived the logout`).toEqual([]);
  }, 120_000);

  it("keeps the session when two tabs refresh one cookie at once (10 of 10 rounds)", async () => {
    const ended: number[] = [];
    for (let round = 0; round < 10; round++) {
      const session = await signIn();
      const answers = await Promise.all([
        refreshFrom(session.refresh, round),
        refreshFrom(session.refresh, round),
      ]);
      const accesses = answers.map((a) => a.json().data?.access_token as string | undefined);
      const cookies = answers.map(cookieOf).filter(Boolean);
      const alive =
        accesses.every(Boolean) &&
        cookies.length === 1 &&
        (await Promise.all(accesses.map((a) => me(a!)))).every((r) => r.statusCode === 200) &&
        (await refreshFrom(cookies[0]!, round)).json().error_code === 200;
      if (!alive) ended.push(round);
    }
    expect(ended, "rounds whose session ended").toEqual([]);
  }, 120_000);

  it("leaves no token alive when an admin's password change races a rotation (0 of 45 rounds)", async () => {
    const signedIn = await signIn();
    const admin = { access: await reauthenticated(t.app, signedIn.access, ADMIN.password) };
    const [editor] = await t.app.database.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.username, EDITOR.username));
    const survivors: number[] = [];
    let mintedTokens = 0;
    for (let round = 0; round < 45; round++) {
      const session = await signIn(EDITOR);
      const [changed, rotated] = await Promise.all([
        t.app.inject({
          method: "PATCH",
          url: `/api/operators/${editor!.id}`,
          headers: { authorization: `Bearer ${admin.access}` },
          payload: { password: EDITOR.password },
          remoteAddress: `10.10.${round}.2`,
        }),
        refreshFrom(session.refresh, round),
      ]);
      expect(changed.statusCode).toBe(200);
      const minted = cookieOf(rotated);
      if (!minted) continue;
      mintedTokens++;
      const again = await refreshFrom(minted, round);
      const access = rotated.json().data.access_token as string;
      if (again.json().error_code !== 401 || (await me(access)).statusCode !== 401) survivors.push(round);
    }
    // Otherwise the change won every race and no new token was put to the test.
    expect(mintedTokens).toBeGreaterThan(0);
    expect(survivors, "rounds whose new token outlived the password change").toEqual([]);
  }, 300_000);
});

describe("logout", () => {
  it("revokes the refresh family and the access token at once", async () => {
    const session = await signIn();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).json().error_code).toBe(401);
  });
});

describe("brute-force throttling", () => {
  const fail = (
    username: string,
    ip: string,
    extra: Record<string, unknown> = {},
    url?: string,
    headers?: Record<string, string>,
  ) => login({ username, password: "wrong-password", ...extra }, ip, url, headers);

  it("locks after five failures with a growing delay and a clear 429", async () => {
    for (let i = 0; i < 5; i++) expect((await fail(EDITOR.username, "10.3.0.1")).statusCode).toBe(401);
    const locked = await login(EDITOR, "10.3.0.2");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
  });

  it("cannot be bypassed by case, trailing slash, extra fields or X-Forwarded-For", async () => {
    const name = EDITOR.username;
    await fail(name.toUpperCase(), "10.4.0.1");
    await fail(` ${name} `, "10.4.0.2", {}, "/api/auth/login/");
    await fail(name, "10.4.0.3", { role: "admin", id: 1 });
    await fail(name, "10.4.0.4", {}, undefined, { "x-forwarded-for": "1.2.3.4" });
    await fail(name, "10.4.0.5", {}, undefined, { "x-forwarded-for": "5.6.7.8" });
    const res = await login(EDITOR, "10.4.0.6", "/api/auth/login", { "x-forwarded-for": "9.9.9.9" });
    expect(res.statusCode).toBe(429);
  });

  it("evaluates exactly the five free guesses of a parallel burst and locks the rest with a 429", async () => {
    const guesses = Array.from({ length: 19 }, (_, i) => ({
      username: EDITOR.username,
      password: `wrong-${i}`,
    }));
    guesses.splice(13, 0, EDITOR); // the right password hides in the burst
    // The clock stands still, so the first lock (1 s) cannot run out while a slow machine works the burst.
    vi.useFakeTimers({ toFake: ["Date"] });
    const results = await Promise.all(guesses.map((body, i) => login(body, `10.6.0.${i + 1}`)));
    const evaluated = results.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
    expect(evaluated).toBe(5);
    const locked = results.filter((r) => r.statusCode === 429);
    expect(locked).toHaveLength(guesses.length - 5);
    for (const res of locked) expect(res.json().message).toMatch(/^Too many failed sign-in attempts\./);
    expect((await login(EDITOR, "10.6.1.1")).statusCode).toBe(429);
  });

  it("gives a client address its attempt back when the sign-in succeeds", async () => {
    for (let i = 0; i < 4; i++) expect((await fail(`typo${i}`, "10.7.0.1")).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(ADMIN, "10.7.0.1")).statusCode).toBe(200);
    expect((await fail("typo4", "10.7.0.1")).statusCode).toBe(401);
    // Five failures from the address: an operator who never signed in from it is held back; the one who
    // just did (a known-good address for that account) is not.
    expect((await login(EDITOR, "10.7.0.1")).statusCode).toBe(429);
    expect((await login(ADMIN, "10.7.0.1")).statusCode).toBe(200);
  });

  it("forgets failures after a 15-minute window: one guess every 16 minutes never locks the account", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(start + i * 16 * 60_000);
      expect((await fail(EDITOR.username, `10.10.0.${i + 1}`)).statusCode, `guess ${i + 1}`).toBe(401);
    }
    expect((await login(EDITOR, "10.10.1.1")).statusCode).toBe(200);
  });

  it("still locks five failures inside the window, and releases the account when they age out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(start + i * 60_000);
      expect((await fail(EDITOR.username, `10.10.2.${i + 1}`)).statusCode).toBe(401);
    }
    // Five failures within four minutes: locked for every address the account never signed in from.
    expect((await login(EDITOR, "10.10.3.1")).statusCode).toBe(429);
    vi.setSystemTime(start + 4 * 60_000 + 1500);
    expect((await fail(EDITOR.username, "10.10.2.6")).statusCode).toBe(401);
    expect((await login(EDITOR, "10.10.3.2")).statusCode).toBe(429);
    // Twenty minutes after the last failure every one of them has aged out.
    vi.setSystemTime(start + 25 * 60_000);
    expect((await login(EDITOR, "10.10.3.3")).statusCode).toBe(200);
  });

  it("lets a correct password in from an address that signed this account in before, whatever other addresses tried", async () => {
    expect((await login(EDITOR, "10.11.0.1")).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await fail(EDITOR.username, `10.11.1.${i + 1}`);
    // Locked for every address it has not signed in from …
    expect((await login(EDITOR, "10.11.2.1")).statusCode).toBe(429);
    // … but not for its own.
    expect((await login(EDITOR, "10.11.0.1")).statusCode).toBe(200);
  });

  it("does not lock a team out of a shared address (a proxy without TRUST_PROXY) over stray failures", async () => {
    const shared = "10.12.0.1";
    expect((await login(ADMIN, shared)).statusCode).toBe(200);
    expect((await login(EDITOR, shared)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await fail(`someone-else-${i}`, shared);
    expect((await login(ADMIN, shared)).statusCode).toBe(200);
    expect((await login(EDITOR, shared)).statusCode).toBe(200);
    // Someone who never signed in from there is still held back while the address is throttled.
    await t.app.services.operators.create({
      username: "newcomer",
      password: "newcomer-password-01",
      role: "editor",
    });
    expect((await login({ username: "newcomer", password: "newcomer-password-01" }, shared)).statusCode).toBe(
      429,
    );
  });

  it("clears an account's failures from an address when it signs in from there", async () => {
    const home = "10.13.0.1";
    expect((await login(EDITOR, home)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail(EDITOR.username, home)).statusCode).toBe(401);
    expect((await login(EDITOR, home)).statusCode).toBe(200);
    // Without the clearing these would reach the lock after one more.
    for (let i = 0; i < 4; i++) expect((await fail(EDITOR.username, home)).statusCode, `typo ${i}`).toBe(401);
    expect((await login(EDITOR, home)).statusCode).toBe(200);
    // A guesser at a known-good address is still stopped after five failures for that account there.
    for (let i = 0; i < 5; i++) expect((await fail(EDITOR.username, home)).statusCode).toBe(401);
    expect((await login(EDITOR, home)).statusCode).toBe(429);
  });

  it("removes stale throttle rows, old known addresses and expired or revoked refresh tokens on sign-in", async () => {
    const db = t.app.database.db;
    const hour = 3_600_000;
    const [editor] = await db.select().from(operators).where(eq(operators.username, EDITOR.username));
    await db.insert(loginThrottle).values([
      { key: "ip:10.14.0.1", failures: 3, updatedAt: new Date(Date.now() - 2 * hour) },
      { key: "ip:10.14.0.2", failures: 1, updatedAt: new Date() },
    ]);
    await db.insert(knownSignInAddresses).values([
      {
        username: "content-editor",
        address: "10.14.0.3",
        lastSignInAt: new Date(Date.now() - 200 * 24 * hour),
      },
      { username: "content-editor", address: "10.14.0.4", lastSignInAt: new Date() },
    ]);
    const token = (name: string, extra: Partial<typeof refreshTokens.$inferInsert>) => ({
      operatorId: editor!.id,
      familyId: `cleanup-${name}`,
      tokenHash: `cleanup-${name}`,
      expiresAt: new Date(Date.now() + 24 * hour),
      ...extra,
    });
    await db.insert(refreshTokens).values([
      token("expired", { expiresAt: new Date(Date.now() - hour) }),
      token("revoked", { revokedAt: new Date(Date.now() - 2 * hour) }),
      token("live", {}),
      // A used token is kept until it expires: its reuse must still end the family.
      token("used", { usedAt: new Date(Date.now() - hour) }),
    ]);
    // Clean-up runs at most once a minute per instance; step past that.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await fail("someone", "10.14.0.9")).statusCode).toBe(401);
    const keys = (await db.select().from(loginThrottle)).map((r) => r.key);
    expect(keys).not.toContain("ip:10.14.0.1");
    expect(keys).toContain("ip:10.14.0.2");
    const addresses = (await db.select().from(knownSignInAddresses)).map((r) => r.address);
    expect(addresses).toEqual(["10.14.0.4"]);
    const hashes = (await db.select().from(refreshTokens)).map((r) => r.tokenHash);
    expect(hashes).not.toContain("cleanup-expired");
    expect(hashes).not.toContain("cleanup-revoked");
    expect(hashes).toEqual(expect.arrayContaining(["cleanup-live", "cleanup-used"]));
  });

  it("throttles one IP trying many usernames", async () => {
    for (let i = 0; i < 5; i++) await fail(`user${i}`, "10.5.0.1");
    expect((await login(ADMIN, "10.5.0.1")).statusCode).toBe(429);
    expect((await login(ADMIN, "10.5.0.2")).statusCode).toBe(200);
  });

  it("logs attempts without the password", async () => {
    const lines: string[] = [];
    const { default: pino } = await import("pino");
    const { buildApp } = await import("../app");
    const app: FastifyInstance = await buildApp({
      config: t.config,
      database: t.app.database,
      logger: pino({ level: "info" }, { write: (l: string) => void lines.push(l) }),
    });
    await app.ready();
    await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "someone", password: "SuperSecret-123" },
    });
    await app.close();
    const log = lines.join("");
    expect(log).toContain('"msg":"sign-in"');
    expect(log).toContain("someone");
    expect(log).not.toContain("SuperSecret-123");
  });
});
