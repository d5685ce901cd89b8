import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, operatorRecoveryCodes, operatorTwoFactor, roleTwoFactorPolicy } from "#db/schema/index.ts";
import { OWN_TWO_FACTOR_RESET } from "#domain/auth/two-factor.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";
import { itWith } from "#tests/support/services.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const addressOf = new Map<string, string>();

async function newOperator(role: "admin" | "editor" = "editor") {
  const username = `tfa-${role}-${++sequence}`;
  const password = `tfa-password-${sequence}-long`;
  const { id } = await t.app.services.operators.create({ username, password, role });
  return { id, username, password, address: `10.41.${sequence % 250}.${(sequence % 200) + 1}` };
}
type Operator = Awaited<ReturnType<typeof newOperator>>;

const login = (op: Operator, extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: op.username, password: op.password, ...extra },
    remoteAddress: op.address,
  });
const secondFactor = (op: Operator, payload: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login/second_factor",
    payload,
    remoteAddress: op.address,
  });
const refreshCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers["set-cookie"] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith("refresh_token="))
    ?.split(";")[0]!
    .split("=")[1];

async function signIn(op: Operator) {
  const res = await login(op);
  expect(res.statusCode).toBe(200);
  const access = res.json().access_token as string;
  expect(access).toBeTruthy();
  addressOf.set(access, op.address);
  return { access, refresh: refreshCookieOf(res)!, body: res.json() };
}
const call = (access: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: addressOf.get(access) ?? "10.40.0.1",
  });
const refresh = (token: string) =>
  t.app.inject({
    url: "/refresh_token",
    cookies: { refresh_token: token },
    headers: { "x-requested-with": "gcc-console" },
  });

/** The code an authenticator app shows `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Enrols `op` (through the API, as the console does); answers the key and the recovery codes. */
async function enrol(op: Operator, access?: string) {
  const token = await confirmed(op, access ?? (await signIn(op)).access);
  const setup = await call(token, "POST", "/api/auth/two_factor/setup");
  expect(setup.statusCode).toBe(200);
  const { secret, setup_token } = setup.json().data as { secret: string; setup_token: string };
  const enabled = await call(token, "POST", "/api/auth/two_factor/enable", {
    setup_token,
    code: codeFor(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return {
    secret,
    access: token,
    ...(enabled.json().data as { recovery_codes: string[]; access_token: string }),
  };
}

/** The session's token after its password was confirmed (changes to two-factor sign-in need it). */
async function confirmed(op: Operator, access: string) {
  const token = await reauthenticated(t.app, access, op.password, op.address);
  addressOf.set(token, op.address);
  return token;
}

async function auditOf(username: string) {
  return (await t.app.database.db.select().from(auditLog)).filter((e) => e.operatorName === username);
}

describe("enrolment", () => {
  it("shows a key and a QR code, stores nothing until a valid code, then answers ten recovery codes once", async () => {
    const op = await newOperator();
    const access = await confirmed(op, (await signIn(op)).access);
    const setup = await call(access, "POST", "/api/auth/two_factor/setup");
    expect(setup.statusCode).toBe(200);
    const data = setup.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_uri).toContain(`otpauth://totp/GCC%20View%20360:${op.username}?`);
    expect(data.otpauth_uri).toContain(`secret=${data.secret}`);
    expect(data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qr_code.split(",")[1], "base64").toString()).toContain("<svg");

    const db = t.app.database.db;
    const stored = () => db.select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, op.id));
    expect(await stored()).toEqual([]);
    const wrong = await call(access, "POST", "/api/auth/two_factor/enable", {
      setup_token: data.setup_token,
      code: codeFor(data.secret, 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/not correct/);
    expect(await stored()).toEqual([]);
    // Another operator cannot finish this operator's set-up.
    const other = await newOperator();
    const otherAccess = await confirmed(other, (await signIn(other)).access);
    const stolen = await call(otherAccess, "POST", "/api/auth/two_factor/enable", {
      setup_token: data.setup_token,
      code: codeFor(data.secret),
    });
    expect(stolen.statusCode).toBe(400);

    const ok = await call(access, "POST", "/api/auth/two_factor/enable", {
      setup_token: data.setup_token,
      code: codeFor(data.secret),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    const [row] = await stored();
    expect(row!.secretEncrypted).not.toContain(data.secret);
    const hashes = await db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.operatorId, op.id));
    expect(hashes).toHaveLength(10);
    for (const h of hashes)
      for (const code of codes) expect(h.codeHash).not.toContain(code.replace(/-/g, ""));

    const status = (await call(access, "GET", "/api/auth/two_factor")).json().data;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, few_recovery_codes: false });
    expect((await call(access, "POST", "/api/auth/two_factor/setup")).statusCode).toBe(409);

    const entries = await auditOf(op.username);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["two_factor_enabled", "two_factor_failed"]),
    );
    const text = JSON.stringify(entries);
    expect(text).not.toContain(data.secret);
    for (const code of codes) expect(text).not.toContain(code);
  });
});

describe("signing in with a second factor", () => {
  it("answers a challenge and no tokens after the password, then tokens for a code", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    const first = await login(op);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      second_factor_required: true,
      challenge: expect.any(String),
      message: "Enter the code from your authenticator app.",
    });
    expect(refreshCookieOf(first)).toBeUndefined();
    const { challenge } = first.json();
    // The challenge is no access token.
    expect((await call(challenge, "GET", "/api/auth/me")).statusCode).toBe(401);
    // A flag from the client changes nothing: the server decides.
    const skipping = await login(op, { second_factor: false, skip_two_factor: true });
    expect(skipping.json().access_token).toBeUndefined();

    const res = await secondFactor(op, { challenge, code: codeFor(secret, 1) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: op.username, role: "editor", recovery_codes_left: 10 });
    expect(refreshCookieOf(res)).toBeTruthy();
    const access = res.json().access_token;
    expect((await call(access, "GET", "/api/auth/sessions")).statusCode).toBe(200);
    const signIns = (await auditOf(op.username)).filter((e) => e.action === "sign_in");
    expect(signIns.at(-1)!.after).toMatchObject({ second_factor: "totp" });
  });

  it("refuses a code replayed inside its window", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    const code = codeFor(secret, 1);
    const first = await secondFactor(op, { challenge: (await login(op)).json().challenge, code });
    expect(first.statusCode).toBe(200);
    const challenge = (await login(op)).json().challenge;
    const replay = await secondFactor(op, { challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/not correct/);
    // The code the enrolment used is spent too.
    const enrolCode = await secondFactor(op, { challenge, code: codeFor(secret, 0) });
    expect(enrolCode.statusCode).toBe(401);
  });

  // PGlite runs one request's statements at a time: only PostgreSQL lets the two really race.
  itWith(
    "TEST_DATABASE_URL",
    "accepts one of two requests racing with the same code (PostgreSQL)",
    async () => {
      const losers: number[] = [];
      // A new operator each round: the window holds one code the enrolment has not spent.
      for (let round = 0; round < 5; round++) {
        const op = await newOperator();
        const code = codeFor((await enrol(op)).secret, 1);
        const [a, b] = [(await login(op)).json().challenge, (await login(op)).json().challenge];
        const raced = await Promise.all([
          secondFactor(op, { challenge: a, code }),
          secondFactor(op, { challenge: b, code }),
        ]);
        const statuses = raced.map((r) => r.statusCode).sort();
        if (statuses.join() !== "200,401") losers.push(round);
      }
      expect(losers, "rounds where a raced code signed in twice or not at all").toEqual([]);
    },
  );

  it("accepts each recovery code once, counts them down and warns when few are left", async () => {
    const op = await newOperator();
    const { recovery_codes: codes, secret } = await enrol(op);
    const challenge = async () => (await login(op)).json().challenge as string;
    const used = await secondFactor(op, {
      challenge: await challenge(),
      recovery_code: codes[0]!.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().recovery_codes_left).toBe(9);
    const again = await secondFactor(op, { challenge: await challenge(), recovery_code: codes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("That recovery code is not correct or has been used already.");
    for (const code of codes.slice(1, 7)) {
      const res = await secondFactor(op, { challenge: await challenge(), recovery_code: code });
      expect(res.statusCode).toBe(200);
    }
    const last = await secondFactor(op, { challenge: await challenge(), recovery_code: codes[7] });
    expect(last.json().recovery_codes_left).toBe(2);
    const access = last.json().access_token;
    addressOf.set(access, op.address);
    const status = (await call(access, "GET", "/api/auth/two_factor")).json().data;
    expect(status).toMatchObject({ recovery_codes_left: 2, few_recovery_codes: true });

    const uses = (await auditOf(op.username)).filter((e) => e.action === "recovery_code_used");
    expect(uses).toHaveLength(8);
    for (const code of codes) expect(JSON.stringify(uses)).not.toContain(code);

    // New codes need a current code; the old ones stop working.
    expect(
      (await call(access, "POST", "/api/auth/two_factor/recovery_codes", { code: "000000" })).statusCode,
    ).toBe(400);
    const fresh = await call(access, "POST", "/api/auth/two_factor/recovery_codes", {
      code: codeFor(secret, 1),
    });
    expect(fresh.statusCode).toBe(200);
    const next = fresh.json().data.recovery_codes as string[];
    expect(next).toHaveLength(10);
    expect(
      (await secondFactor(op, { challenge: await challenge(), recovery_code: codes[8] })).statusCode,
    ).toBe(401);
    expect(
      (await secondFactor(op, { challenge: await challenge(), recovery_code: next[0] })).statusCode,
    ).toBe(200);
  });

  it("throttles wrong codes like passwords, and a correct password does not clear them", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    // Challenges first (each password step is slow), then the codes in one burst: exactly five are weighed.
    const challenges: string[] = [];
    for (let i = 0; i < 7; i++) challenges.push((await login(op)).json().challenge);
    const burst = await Promise.all(
      challenges.map((challenge, i) => secondFactor(op, { challenge, code: String(100000 + i) })),
    );
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A correct password in between: had it cleared the failures, these wrong codes would lock nothing.
    const challenge = (await login(op)).json().challenge;
    await secondFactor(op, { challenge, code: "999999" });
    await secondFactor(op, { challenge, code: "999998" });
    const locked = await secondFactor(op, { challenge, code: codeFor(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong codes\. Try again in \d+ seconds?\.$/);
    const failures = (await auditOf(op.username)).filter((e) => e.action === "two_factor_failed");
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(failures)).not.toMatch(/10000\d/);
  });

  it("refuses a forged challenge and one issued before a password change", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    const challenge = (await login(op)).json().challenge as string;
    const [h, p] = challenge.split(".");
    const forged = await secondFactor(op, { challenge: `${h}.${p}.AAAA`, code: codeFor(secret, 1) });
    expect(forged.statusCode).toBe(401);
    await t.app.services.operators.update({ operatorId: 0, username: "test" }, op.id, {
      password: "an-entirely-new-passphrase",
    });
    const stale = await secondFactor(op, { challenge, code: codeFor(secret, 1) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe("This sign-in has expired. Enter your username and password again.");
    expect((await secondFactor(op, { challenge, recovery_code: "x", code: "123456" })).statusCode).toBe(400);
  });
});

describe("time limits of two-factor sign-in", () => {
  afterEach(() => void vi.useRealTimers());

  it("takes a sign-in challenge for 5 minutes, not longer", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const late = (await login(op)).json().challenge as string;
    vi.setSystemTime(start + 5 * 60_000 + 2_000);
    const refused = await secondFactor(op, { challenge: late, code: codeFor(secret, 1) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("This sign-in has expired. Enter your username and password again.");

    const inTime = (await login(op)).json().challenge as string;
    vi.setSystemTime(Date.now() + 5 * 60_000 - 2_000);
    const accepted = await secondFactor(op, { challenge: inTime, code: codeFor(secret, 1) });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("takes a set-up token for 15 minutes, not longer", async () => {
    const op = await newOperator();
    const access = await confirmed(op, (await signIn(op)).access);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const stale = (await call(access, "POST", "/api/auth/two_factor/setup")).json().data;
    vi.setSystemTime(start + 15 * 60_000 + 2_000);
    // (The session's token and its confirmation have run out by now: sign in and confirm again.)
    const again = await confirmed(op, (await signIn(op)).access);
    const refused = await call(again, "POST", "/api/auth/two_factor/enable", {
      setup_token: stale.setup_token,
      code: codeFor(stale.secret),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.setup_token).toBe("This set-up has expired. Start again to get a new key.");

    const fresh = (await call(again, "POST", "/api/auth/two_factor/setup")).json().data;
    vi.setSystemTime(Date.now() + 9 * 60_000);
    const third = await confirmed(op, again);
    vi.setSystemTime(Date.now() + 6 * 60_000 - 4_000);
    const ok = await call(third, "POST", "/api/auth/two_factor/enable", {
      setup_token: fresh.setup_token,
      code: codeFor(fresh.secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("accepts a code one time step early or late, and refuses two steps either way", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    // Ten steps on, the enrolment's code is long past: only the drift rule decides.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 30_000 });
    const attempt = async (steps: number) =>
      secondFactor(op, { challenge: (await login(op)).json().challenge, code: codeFor(secret, steps) });
    expect((await attempt(-2)).statusCode, "two steps late").toBe(401);
    expect((await attempt(2)).statusCode, "two steps early").toBe(401);
    expect((await attempt(-1)).statusCode, "one step late").toBe(200);
    expect((await attempt(1)).statusCode, "one step early").toBe(200);
  });
});

describe("a role that requires two-factor", () => {
  afterEach(() => t.app.database.db.delete(roleTwoFactorPolicy));

  it("limits an operator without it to enrolment, on sign-in, on refresh and on tokens from before", async () => {
    const admin = await newOperator("admin");
    const adminAccess = (await signIn(admin)).access;
    const editor = await newOperator("editor");
    const before = await signIn(editor);
    expect((await call(before.access, "GET", "/api/auth/sessions")).statusCode).toBe(200);

    expect(
      (await call(before.access, "PUT", "/api/two_factor_policy", { admin: false, editor: true })).statusCode,
    ).toBe(403);
    const set = await call(adminAccess, "PUT", "/api/two_factor_policy", { admin: false, editor: true });
    expect(set.statusCode).toBe(200);
    expect((await call(adminAccess, "GET", "/api/two_factor_policy")).json().data).toEqual({
      admin: false,
      editor: true,
    });

    // A session from before the requirement is limited at once.
    const denied = await call(before.access, "GET", "/api/auth/sessions");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      "Your role requires two-factor sign-in. Set it up before you continue.",
    );

    // Sign-in: a token, limited to enrolment; a client that ignores the flag gets nowhere.
    const now = await signIn(editor);
    expect(now.body.two_factor_enrolment_required).toBe(true);
    for (const [method, url] of [
      ["GET", "/api/auth/sessions"],
      ["GET", "/api/contact_requests"],
      ["POST", "/api/auth/two_factor/recovery_codes"],
    ] as const)
      expect(
        (await call(now.access, method, url, method === "POST" ? { code: "123456" } : undefined)).statusCode,
        url,
      ).toBe(403);
    const me = await call(now.access, "GET", "/api/auth/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().data.two_factor_enrolment_required).toBe(true);

    // Refresh: the new token is just as limited.
    const refreshed = await refresh(now.refresh);
    expect(refreshed.json().error_code).toBe(200);
    const renewed = refreshed.json().data.access_token as string;
    addressOf.set(renewed, editor.address);
    expect((await call(renewed, "GET", "/api/auth/sessions")).statusCode).toBe(403);

    // Enrolment lifts the limit: for the token it answers and for the refreshed session.
    const { access_token } = await enrol(editor, renewed);
    addressOf.set(access_token, editor.address);
    expect((await call(access_token, "GET", "/api/auth/sessions")).statusCode).toBe(200);
    expect((await call(renewed, "GET", "/api/auth/sessions")).statusCode).toBe(200);

    // Admins are not required: they go on as before.
    expect((await call(adminAccess, "GET", "/api/contact_requests")).statusCode).toBe(200);
  });
});

describe("an admin resets an operator's second factor", () => {
  it("refuses an admin's reset of their own second factor with a 403 that says who can", async () => {
    const admin = await newOperator("admin");
    const { access } = await enrol(admin);
    const res = await call(access, "POST", `/api/operators/${admin.id}/two_factor/reset`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OWN_TWO_FACTOR_RESET);
    const db = t.app.database.db;
    expect(
      await db.select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, admin.id)),
    ).toHaveLength(1);
    expect((await call(access, "GET", "/api/auth/me")).statusCode).toBe(200);
  });

  it("removes it, ends every session of theirs and is audited; editors cannot", async () => {
    const admin = await newOperator("admin");
    const adminAccess = await confirmed(admin, (await signIn(admin)).access);
    const op = await newOperator();
    const { secret } = await enrol(op);
    const res = await secondFactor(op, {
      challenge: (await login(op)).json().challenge,
      code: codeFor(secret, 1),
    });
    const session = { access: res.json().access_token as string, refresh: refreshCookieOf(res)! };
    addressOf.set(session.access, op.address);

    expect((await call(session.access, "POST", `/api/operators/${op.id}/two_factor/reset`)).statusCode).toBe(
      403,
    );
    expect((await call(adminAccess, "POST", "/api/operators/99999/two_factor/reset")).statusCode).toBe(404);
    const reset = await call(adminAccess, "POST", `/api/operators/${op.id}/two_factor/reset`);
    expect(reset.statusCode).toBe(200);
    expect((await call(session.access, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await refresh(session.refresh)).json().error_code).toBe(401);
    const db = t.app.database.db;
    expect(await db.select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, op.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, op.id)),
    ).toEqual([]);
    expect((await call(adminAccess, "POST", `/api/operators/${op.id}/two_factor/reset`)).statusCode).toBe(
      409,
    );

    // Signs in with the password alone now (their role does not require a second factor).
    const again = await signIn(op);
    expect(again.body.two_factor_enrolment_required).toBe(false);
    const list = (await call(adminAccess, "GET", "/api/operators?page_size=50")).json().operators_data as {
      id: number;
      two_factor: boolean;
    }[];
    expect(list.find((o) => o.id === op.id)!.two_factor).toBe(false);

    const entry = (await auditOf(admin.username)).find((e) => e.action === "two_factor_reset");
    expect(entry).toMatchObject({
      entity: "operator",
      entityId: String(op.id),
      after: { sessions_ended: true },
    });
  });
});
