import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, operators, operatorTwoFactor } from "#db/schema/index.ts";
import { REAUTH_REQUIRED, REAUTH_REQUIRED_REASON } from "#shared/auth.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";

/**
 * "Sudo mode": a stolen access token alone changes no sign-in detail. Changing the e-mail address, the
 * password or two-factor sign-in, and ending sessions, need the password (or a current code) entered in
 * the last 10 minutes, recorded on the server for the session.
 */
const t = testAppPerFile({ PUBLIC_BASE_URL: "https://console.example.com" });
afterEach(() => void vi.useRealTimers());

let sequence = 0;
async function newOperator(role: "admin" | "editor" = "editor", email: string | null = null) {
  const username = `sudo-${role}-${++sequence}`;
  const password = `sudo-password-${sequence}-long`;
  const address = `10.61.${sequence % 250}.1`;
  const { id } = await t().app.services.operators.create({
    username,
    password,
    role,
    ...(email ? { email } : {}),
  });
  return { id, username, password, address, email };
}
type Operator = Awaited<ReturnType<typeof newOperator>>;

async function signIn(op: Operator, address = op.address) {
  const res = await t().app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: op.username, password: op.password },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const call = (
  access: string,
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
  url: string,
  payload?: object,
  address = "10.60.0.1",
) =>
  t().app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: address,
  });

const reauth = (access: string, payload: object, address = "10.60.0.1") =>
  call(access, "POST", "/api/auth/reauth", payload, address);

const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const db = () => t().app.database.db;
const row = async (id: number) => (await db().select().from(operators).where(eq(operators.id, id)))[0]!;

const expectReauthRequired = (res: { statusCode: number; json(): unknown }, what: string) => {
  expect(res.statusCode, what).toBe(403);
  expect(res.json(), what).toEqual({
    success: false,
    message: REAUTH_REQUIRED,
    reason: REAUTH_REQUIRED_REASON,
    data: [],
  });
};

describe("a stolen access token", () => {
  it("changes no e-mail address, password, two-factor setting or session, and the reset link still goes to the owner", async () => {
    const owner = await newOperator("editor", "owner@example.com");
    await signIn(owner, "10.60.9.1");
    // What the attacker holds: one access token of a session, no password, no refresh cookie.
    const stolen = await signIn(owner);
    const before = await row(owner.id);

    expectReauthRequired(
      await call(stolen, "PATCH", "/api/auth/account", { email: "attacker@evil.example" }),
      "e-mail",
    );
    expectReauthRequired(await call(stolen, "POST", "/api/auth/two_factor/setup"), "two-factor setup");
    expectReauthRequired(
      await call(stolen, "POST", "/api/auth/two_factor/enable", { setup_token: "x", code: "123456" }),
      "two-factor enable",
    );
    expectReauthRequired(await call(stolen, "POST", "/api/auth/sessions/end_others"), "end others");
    const devices = (await call(stolen, "GET", "/api/auth/sessions")).json().sessions_data as {
      id: number;
      current: boolean;
    }[];
    const ownersOther = devices.find((d) => !d.current)!;
    expectReauthRequired(
      await call(stolen, "DELETE", `/api/auth/sessions/${ownersOther.id}`),
      "end one session",
    );
    // The password change needs the current password in any case.
    const password = await call(stolen, "POST", "/api/auth/password", {
      current_password: "a-guess-at-the-password",
      new_password: "attacker-chosen-passphrase",
    });
    expect(password.statusCode).toBe(400);
    // A guessed password does not confirm the session either.
    expect((await reauth(stolen, { password: "a-guess-at-the-password" })).statusCode).toBe(400);

    const after = await row(owner.id);
    expect(after.email).toBe("owner@example.com");
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(
      await db().select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, owner.id)),
    ).toEqual([]);
    expect((await call(stolen, "GET", "/api/auth/sessions")).json().sessions_data).toHaveLength(2);

    // "Forgot password?" mails the owner's own address, as before the attack.
    await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot_password",
      payload: { login: owner.username },
      remoteAddress: "10.60.8.1",
    });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Reset your console password"));
    expect(mails.map((m) => m.recipient)).toEqual(["owner@example.com"]);
  });

  it("gets nothing from the owner's re-authentication: only the token it answered (and refreshes) may change", async () => {
    const owner = await newOperator();
    const stolen = await signIn(owner);
    // The owner confirms the password in the same session a moment later.
    const confirmed = await reauthenticated(t().app, stolen, owner.password, owner.address);
    expectReauthRequired(
      await call(stolen, "PATCH", "/api/auth/account", { email: "attacker@evil.example" }),
      "the token from before",
    );
    const saved = await call(confirmed, "PATCH", "/api/auth/account", { email: "the-owner@example.com" });
    expect(saved.statusCode).toBe(200);
    expect((await row(owner.id)).email).toBe("the-owner@example.com");
  });
});

describe("re-authentication", () => {
  it("with the password lasts 10 minutes for this session only, and is audited without the password", async () => {
    const op = await newOperator();
    const here = await signIn(op);
    const elsewhere = await signIn(op, "10.60.7.1");
    const res = await reauth(here, { password: op.password }, op.address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.stringMatching(/10 minutes/),
      data: { access_token: expect.any(String), valid_until: expect.any(String) },
    });
    const confirmed = res.json().data.access_token as string;
    const validUntil = Date.parse(res.json().data.valid_until);
    expect(validUntil - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    expect(
      (await call(confirmed, "PATCH", "/api/auth/account", { email: "first@example.com" })).statusCode,
    ).toBe(200);
    // Another session of the same operator has not confirmed anything.
    expectReauthRequired(
      await call(elsewhere, "PATCH", "/api/auth/account", { email: "second@example.com" }),
      "another session",
    );
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 9 * 60_000 });
    expect(
      (await call(confirmed, "PATCH", "/api/auth/account", { email: "third@example.com" })).statusCode,
    ).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expectReauthRequired(
      await call(confirmed, "PATCH", "/api/auth/account", { email: "fourth@example.com" }),
      "11 minutes later",
    );
    vi.useRealTimers();
    expect((await row(op.id)).email).toBe("third@example.com");

    const entries = (await db().select().from(auditLog)).filter(
      (e) => e.operatorName === op.username && e.action === "reauthenticated",
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ method: "password", address: op.address });
    expect(JSON.stringify(entries)).not.toContain(op.password);
  });

  it("is not given by a refresh, and a refreshed token of a confirmed session keeps it", async () => {
    const op = await newOperator();
    const login = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: op.username, password: op.password },
      remoteAddress: op.address,
    });
    const rotate = async (cookie: string) => {
      const res = await t().app.inject({
        url: "/refresh_token",
        cookies: { refresh_token: cookie },
        headers: { "x-requested-with": "gcc-console" },
      });
      const next = res.cookies.find((c) => c.name === "refresh_token")!.value;
      return { access: res.json().data.access_token as string, cookie: next };
    };
    const first = await rotate(login.cookies.find((c) => c.name === "refresh_token")!.value);
    expectReauthRequired(
      await call(first.access, "PATCH", "/api/auth/account", { email: "refreshed@example.com" }),
      "refreshed, never confirmed",
    );
    await reauthenticated(t().app, first.access, op.password, op.address);
    const { access } = await rotate(first.cookie);
    expect(
      (await call(access, "PATCH", "/api/auth/account", { email: "refreshed@example.com" })).statusCode,
    ).toBe(200);
  });

  it("refuses a wrong password with a message by the field, throttles guesses, and confirms nothing", async () => {
    const op = await newOperator();
    const access = await signIn(op);
    const wrong = await reauth(access, { password: "not-the-password" }, "10.60.6.1");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: "That password is not correct." });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await reauth(access, { password: `guess-${i}` }, "10.60.6.1")).statusCode);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expectReauthRequired(
      await call(access, "PATCH", "/api/auth/account", { email: "x@example.com" }),
      "after wrong passwords",
    );
    for (const body of [{}, { password: "" }, { password: "x", code: "123456" }, { password: "x", extra: 1 }])
      expect((await reauth(access, body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it("takes a current code from an operator with two-factor, once; without two-factor it asks for the password", async () => {
    const op = await newOperator();
    let access = await signIn(op);
    access = await reauthenticated(t().app, access, op.password, op.address);
    const setup = (await call(access, "POST", "/api/auth/two_factor/setup")).json().data;
    const enabled = await call(access, "POST", "/api/auth/two_factor/enable", {
      setup_token: setup.setup_token,
      code: codeFor(setup.secret),
    });
    expect(enabled.statusCode).toBe(200);

    const other = await newOperator();
    const noFactor = await reauth(await signIn(other), { code: "123456" });
    expect(noFactor.statusCode).toBe(409);
    expect(noFactor.json().message).toMatch(/password/);

    const code = codeFor(setup.secret, 1);
    const byCode = await reauth(access, { code });
    expect(byCode.statusCode).toBe(200);
    expect(
      (await call(byCode.json().data.access_token, "POST", "/api/auth/sessions/end_others")).statusCode,
    ).toBe(200);
    // The same code again is a replay.
    const replay = await reauth(access, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.code).toMatch(/not correct/);
  });
});

describe("an admin's changes to another operator", () => {
  it("of the password, the e-mail address, the disabled flag and two-factor need the admin's fresh password; a role change does not", async () => {
    const adminOp = await newOperator("admin");
    const admin = await signIn(adminOp);
    const target = await newOperator();
    const before = await row(target.id);
    for (const change of [
      { password: "set-by-a-stolen-token" },
      { email: "attacker@evil.example" },
      { disabled: true },
    ])
      expectReauthRequired(
        await call(admin, "PATCH", `/api/operators/${target.id}`, change),
        JSON.stringify(change),
      );
    await db().insert(operatorTwoFactor).values({ operatorId: target.id, secretEncrypted: "v1.sudo" });
    expectReauthRequired(
      await call(admin, "POST", `/api/operators/${target.id}/two_factor/reset`),
      "2fa reset",
    );
    expectReauthRequired(
      await call(admin, "POST", `/api/operators/${target.id}/end_sessions`),
      "end sessions",
    );
    expect(await row(target.id)).toEqual(before);
    expect(
      await db().select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, target.id)),
    ).toHaveLength(1);
    expect((await call(admin, "PATCH", `/api/operators/${target.id}`, { role: "admin" })).statusCode).toBe(
      200,
    );

    const confirmed = await reauthenticated(t().app, admin, adminOp.password, adminOp.address);
    const changed = await call(confirmed, "PATCH", `/api/operators/${target.id}`, {
      password: "set-by-the-admin-long",
      email: "target@example.com",
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(confirmed, "POST", `/api/operators/${target.id}/two_factor/reset`)).statusCode).toBe(
      200,
    );
  });
});
