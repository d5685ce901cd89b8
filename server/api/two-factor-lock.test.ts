import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, operatorTwoFactor } from "#db/schema/index.ts";
import { TWO_FACTOR_LOCK_AFTER, TWO_FACTOR_LOCKED } from "#domain/auth/second-factor.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";

/**
 * Second-factor guessing stops: wrong codes are counted per account, however slowly they come, and after
 * TWO_FACTOR_LOCK_AFTER in a row the account's codes are refused until its owner or an admin unlocks it.
 */
let t: TestApp;
beforeAll(async () => {
  // A day-long access token: one session's wrong codes, spaced 16 minutes apart, outlast the usual 15.
  t = await createTestApp({
    PUBLIC_BASE_URL: "https://console.example.com",
    ACCESS_TOKEN_TTL_SECONDS: "86400",
  });
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

let sequence = 0;
async function newOperator(role: "admin" | "editor" = "editor") {
  const username = `lock-${role}-${++sequence}`;
  const password = `lock-password-${sequence}-long`;
  const email = `${username}@example.com`;
  const { id } = await t.app.services.operators.create({ username, password, role, email });
  return { id, username, password, email, address: `10.71.${sequence % 250}.1` };
}
type Operator = Awaited<ReturnType<typeof newOperator>>;

const login = (op: Pick<Operator, "username" | "password">, address: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: op.username, password: op.password },
    remoteAddress: address,
  });
const secondFactor = (payload: object, address: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login/second_factor", payload, remoteAddress: address });
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
/** A code that is none of the three the server accepts now (the current step and one either side). */
const wrongCode = (secret: string) => {
  const valid = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 100_000; ; n++) if (!valid.has(String(n))) return String(n);
};

async function enrol(op: Operator) {
  const first = await login(op, op.address);
  const access = await reauthenticated(t.app, first.json().access_token, op.password, op.address);
  const call = (url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: op.address,
    });
  const setup = (await call("/api/auth/two_factor/setup")).json().data;
  const enabled = await call("/api/auth/two_factor/enable", {
    setup_token: setup.setup_token,
    code: codeFor(setup.secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: setup.secret as string, recoveryCodes: enabled.json().data.recovery_codes as string[] };
}

/**
 * One guess as an attacker who knows the password would make it, 16 minutes after the last (past the
 * short-term backoff); `code` is read then, so a right code is the authenticator's code of that moment.
 */
async function slowGuess(op: Operator, code: () => string, address = "10.72.0.1") {
  vi.setSystemTime(Date.now() + 16 * 60_000);
  const challenge = (await login(op, address)).json().challenge as string;
  expect(challenge).toBeTruthy();
  return secondFactor({ challenge, code: code() }, address);
}
const slowly = () => vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });

const lockMails = (op: Operator) =>
  t.app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, op.email))
    .then((mails) =>
      mails.filter((m) => m.subject === "Two-factor sign-in to your console account is locked"),
    );

describe("a cap on wrong second-factor codes", () => {
  it(`locks after ${TWO_FACTOR_LOCK_AFTER} wrong codes in a row however slowly they come, mails the owner once, and refuses even the right code`, async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    slowly();
    for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i++) {
      const res = await slowGuess(op, () => wrongCode(secret));
      expect(res.statusCode, `guess ${i + 1}`).toBe(i + 1 < TWO_FACTOR_LOCK_AFTER ? 401 : 403);
    }
    const right = await slowGuess(op, () => codeFor(secret));
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(TWO_FACTOR_LOCKED);
    // A week on, it is still locked: the cap never ages out.
    vi.setSystemTime(Date.now() + 7 * 86_400_000);
    expect((await slowGuess(op, () => codeFor(secret))).statusCode).toBe(403);

    const mails = await lockMails(op);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("https://console.example.com/dashboard/forgot-password");
    expect(mails[0]!.text).toMatch(/recovery code/);
    const locked = (await t.app.database.db.select().from(auditLog)).filter(
      (e) => e.operatorName === op.username && e.action === "two_factor_locked",
    );
    expect(locked).toHaveLength(1);
  });

  it("counts only wrong codes in a row: a right code starts the count again", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    slowly();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < TWO_FACTOR_LOCK_AFTER - 1; i++)
        expect((await slowGuess(op, () => wrongCode(secret), op.address)).statusCode).toBe(401);
      expect((await slowGuess(op, () => codeFor(secret, 1), op.address)).statusCode).toBe(200);
    }
    expect(await lockMails(op)).toEqual([]);
    // From the last right code on, the cap counts again from zero.
    for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i++) await slowGuess(op, () => wrongCode(secret), op.address);
    expect((await slowGuess(op, () => codeFor(secret, 1), op.address)).statusCode).toBe(403);
  });

  it("lets the owner back in with a recovery code or a password reset, and an admin reset removes the factor", async () => {
    const op = await newOperator();
    const { secret, recoveryCodes } = await enrol(op);
    const lock = async () => {
      for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i++) await slowGuess(op, () => wrongCode(secret));
      expect((await slowGuess(op, () => codeFor(secret))).statusCode).toBe(403);
    };
    slowly();
    await lock();
    // A recovery code (80 random bits: no guessing reaches one) signs in and unlocks.
    vi.setSystemTime(Date.now() + 60_000);
    const challenge = (await login(op, op.address)).json().challenge;
    const recovered = await secondFactor({ challenge, recovery_code: recoveryCodes[0] }, op.address);
    expect(recovered.statusCode).toBe(200);
    expect((await slowGuess(op, () => codeFor(secret, 1), op.address)).statusCode).toBe(200);

    // The owner's password reset, by the link to their mailbox, unlocks.
    await lock();
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot_password",
      payload: { login: op.username },
      remoteAddress: "10.73.0.1",
    });
    const resetMail = (
      await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, op.email))
    ).findLast((m) => m.subject === "Reset your console password")!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset_password",
      payload: { token, new_password: "after-the-lock-passphrase" },
      remoteAddress: "10.73.0.2",
    });
    expect(reset.statusCode).toBe(200);
    op.password = "after-the-lock-passphrase";
    expect((await slowGuess(op, () => codeFor(secret, 1), op.address)).statusCode).toBe(200);

    // An admin's reset of the second factor ends the lock with the factor.
    await lock();
    const adminOp = await newOperator("admin");
    const admin = await reauthenticated(
      t.app,
      (await login(adminOp, adminOp.address)).json().access_token,
      adminOp.password,
      adminOp.address,
    );
    const cleared = await t.app.inject({
      method: "POST",
      url: `/api/operators/${op.id}/two_factor/reset`,
      headers: { authorization: `Bearer ${admin}` },
      remoteAddress: adminOp.address,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await login(op, op.address)).json().access_token).toBeTruthy();
  });

  it("counts wrong codes against the account, not the address: a colleague behind the same address signs in", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    const colleague = await newOperator();
    const office = "10.74.0.1";
    // Eight wrong codes from the office's one address, 20 s apart: each waits out the backoff so far.
    slowly();
    for (let i = 0; i < 8; i++) {
      vi.setSystemTime(Date.now() + 20_000);
      const challenge = (await login(op, office)).json().challenge as string;
      expect((await secondFactor({ challenge, code: wrongCode(secret) }, office)).statusCode).toBe(401);
    }
    // (The clock stands still from here.) The colleague, new to this address, is not held back...
    const res = await login(colleague, office);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toBeTruthy();
    // ...while the account is, from any address, even with the right code.
    const elsewhere = (await login(op, "10.74.9.9")).json().challenge as string;
    const held = await secondFactor({ challenge: elsewhere, code: codeFor(secret, 1) }, "10.74.9.9");
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many wrong codes\. Try again in \d+ seconds?\.$/);
  });

  it("counts wrong codes given to confirm a session too", async () => {
    const op = await newOperator();
    const { secret } = await enrol(op);
    slowly();
    const challenge = (await login(op, op.address)).json().challenge;
    const access = (await secondFactor({ challenge, code: codeFor(secret, 1) }, op.address)).json()
      .access_token as string;
    for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i++) {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      await t.app.inject({
        method: "POST",
        url: "/api/auth/reauth",
        headers: { authorization: `Bearer ${access}` },
        payload: { code: wrongCode(secret) },
        remoteAddress: op.address,
      });
    }
    expect((await slowGuess(op, () => codeFor(secret), op.address)).statusCode).toBe(403);
    const [row] = await t.app.database.db
      .select()
      .from(operatorTwoFactor)
      .where(eq(operatorTwoFactor.operatorId, op.id));
    expect(row!.lockedAt).toBeInstanceOf(Date);
  });
});
