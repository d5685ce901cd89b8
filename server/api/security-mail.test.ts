import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, emailChangeUndo, mailOutbox, operators } from "#db/schema/index.ts";
import { EMAIL_UNDO_INVALID } from "#schemas/password-reset.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";

/**
 * Security e-mails: the operator hears of every change to how they sign in, at the address it concerns,
 * and the old address can undo an e-mail change for 7 days.
 */
let t: TestApp;
const BASE = "https://console.example.com";
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: BASE });
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

let sequence = 0;
async function newOperator(role: "admin" | "editor" = "editor", email: string | null = "") {
  const username = `mail-${role}-${++sequence}`;
  const password = `mail-password-${sequence}-long`;
  const address = email === "" ? `${username}@example.com` : email;
  const { id } = await t.app.services.operators.create({
    username,
    password,
    role,
    ...(address ? { email: address } : {}),
  });
  return { id, username, password, email: address, ip: `10.81.${sequence % 250}.1` };
}
type Operator = Awaited<ReturnType<typeof newOperator>>;

async function signIn(op: Pick<Operator, "username" | "password" | "ip">) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: op.username, password: op.password },
    remoteAddress: op.ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}
/** A session whose password was just confirmed: it may change sign-in details. */
const confirmedSession = async (op: Operator) => reauthenticated(t.app, await signIn(op), op.password, op.ip);

const call = (access: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: "10.80.0.1",
  });
const anonymous = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: `10.82.0.${++sequence % 250}` });

const mailsTo = (email: string) =>
  t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.id);
async function onlyMail(email: string, subject: string) {
  const mails = (await mailsTo(email)).filter((m) => m.subject === subject);
  expect(
    mails.map((m) => m.subject),
    `mail "${subject}" to ${email}`,
  ).toEqual([subject]);
  return mails[0]!.text;
}
const linkIn = (text: string, page: string) => {
  const match = new RegExp(`${BASE}/dashboard/${page}#token=([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
};
const me = (access: string) => call(access, "GET", "/api/auth/me");
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const EMAIL_CHANGED = "Your console e-mail address was changed";

describe("an e-mail change", () => {
  it("is mailed to the old address with a link that puts it back, signs every device out and voids the password", async () => {
    const op = await newOperator("editor", "owner@example.com");
    const otherDevice = await signIn(op);
    const session = await confirmedSession(op);
    const changed = await call(session, "PATCH", "/api/auth/account", { email: "attacker@evil.example" });
    expect(changed.statusCode).toBe(200);

    const text = await onlyMail("owner@example.com", EMAIL_CHANGED);
    expect(text).toContain(op.username);
    expect(text).toContain("owner@example.com");
    expect(text).toContain("attacker@evil.example");
    expect(text).toMatch(/7 days/);
    const undo = linkIn(text, "undo-email-change");
    expect(await mailsTo("attacker@evil.example")).toEqual([]);
    // Only the token's hash is stored.
    const stored = JSON.stringify(await t.app.database.db.select().from(emailChangeUndo));
    expect(stored).not.toContain(undo);

    // Meanwhile the new address asked for a reset link.
    await anonymous("/api/auth/forgot_password", { login: op.username });
    const attackersLink = linkIn(
      await onlyMail("attacker@evil.example", "Reset your console password"),
      "reset-password",
    );

    const undone = await anonymous("/api/auth/email_change/undo", { token: undo });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().message).toContain("owner@example.com");
    expect(undone.json().message).toMatch(/new password/);
    const [row] = await t.app.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row!.email).toBe("owner@example.com");
    for (const access of [otherDevice, session]) expect((await me(access)).statusCode).toBe(401);
    const stale = await anonymous("/api/auth/reset_password", {
      token: attackersLink,
      new_password: "attacker-new-passphrase",
    });
    expect(stale.statusCode).toBe(400);
    // The password the change was made with no longer signs in.
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: op.username, password: op.password },
      remoteAddress: "10.80.1.1",
    });
    expect(old.statusCode).toBe(401);

    // The owner gets a link to set a new one, at the restored address.
    const fresh = linkIn(
      await onlyMail("owner@example.com", "Set a new password for your console account"),
      "reset-password",
    );
    const set = await anonymous("/api/auth/reset_password", {
      token: fresh,
      new_password: "owner-new-passphrase",
    });
    expect(set.statusCode).toBe(200);
    await signIn({ ...op, password: "owner-new-passphrase" });

    // Used once.
    const again = await anonymous("/api/auth/email_change/undo", { token: undo });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(EMAIL_UNDO_INVALID);

    const actions = (await t.app.database.db.select().from(auditLog))
      .filter((e) => e.entityId === String(op.id))
      .map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["update", "email_change_undone"]));
  });

  it("can be undone for 7 days, not after, and a later change's link cannot undo the undo", async () => {
    const op = await newOperator("editor", "week@example.com");
    const session = await confirmedSession(op);
    await call(session, "PATCH", "/api/auth/account", { email: "second@example.com" });
    const first = linkIn(await onlyMail("week@example.com", EMAIL_CHANGED), "undo-email-change");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 86_400_000 + 60_000 });
    expect((await anonymous("/api/auth/email_change/undo", { token: first })).statusCode).toBe(400);
    vi.useRealTimers();

    const op2 = await newOperator("editor", "a@example.com");
    const s2 = await confirmedSession(op2);
    await call(s2, "PATCH", "/api/auth/account", { email: "b@example.com" });
    await call(s2, "PATCH", "/api/auth/account", { email: "c@example.com" });
    const fromA = linkIn(await onlyMail("a@example.com", EMAIL_CHANGED), "undo-email-change");
    const fromB = linkIn(await onlyMail("b@example.com", EMAIL_CHANGED), "undo-email-change");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 86_400_000 });
    expect((await anonymous("/api/auth/email_change/undo", { token: fromA })).statusCode).toBe(200);
    expect((await anonymous("/api/auth/email_change/undo", { token: fromB })).statusCode).toBe(400);
    const [row] = await t.app.database.db.select().from(operators).where(eq(operators.id, op2.id));
    expect(row!.email).toBe("a@example.com");
  });

  it("cannot be cancelled by whoever made it: undoing their own later change leaves the owner's link working", async () => {
    const op = await newOperator("editor", "mine@example.com");
    const stolen = await confirmedSession(op);
    await call(stolen, "PATCH", "/api/auth/account", { email: "thief1@evil.example" });
    await call(stolen, "PATCH", "/api/auth/account", { email: "thief2@evil.example" });
    const owners = linkIn(await onlyMail("mine@example.com", EMAIL_CHANGED), "undo-email-change");
    const thiefs = linkIn(await onlyMail("thief1@evil.example", EMAIL_CHANGED), "undo-email-change");
    // The thief undoes their second change: the address is theirs again, with a reset link sent to it.
    expect((await anonymous("/api/auth/email_change/undo", { token: thiefs })).statusCode).toBe(200);
    const thiefsReset = linkIn(
      await onlyMail("thief1@evil.example", "Set a new password for your console account"),
      "reset-password",
    );

    const undone = await anonymous("/api/auth/email_change/undo", { token: owners });
    expect(undone.statusCode, undone.body).toBe(200);
    const [row] = await t.app.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row!.email).toBe("mine@example.com");
    const reset = { token: thiefsReset, new_password: "thief-new-passphrase" };
    expect((await anonymous("/api/auth/reset_password", reset)).statusCode).toBe(400);
  });

  it("by an admin tells the old address, without an undo link; no address, no mail", async () => {
    const adminOp = await newOperator("admin");
    const admin = await confirmedSession(adminOp);
    const op = await newOperator("editor", "before@example.com");
    expect(
      (await call(admin, "PATCH", `/api/operators/${op.id}`, { email: "after@example.com" })).statusCode,
    ).toBe(200);
    const text = await onlyMail("before@example.com", EMAIL_CHANGED);
    expect(text).toContain(adminOp.username);
    expect(text).not.toContain("undo-email-change");

    const none = await newOperator("editor", null);
    const before = (await t.app.database.db.select().from(mailOutbox)).length;
    const own = await confirmedSession(none);
    expect(
      (await call(own, "PATCH", "/api/auth/account", { email: "first-ever@example.com" })).statusCode,
    ).toBe(200);
    expect((await t.app.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it("refuses a malformed undo token and changes nothing", async () => {
    for (const body of [{}, { token: "" }, { token: "short" }, { token: "x".repeat(30), extra: 1 }]) {
      const res = await anonymous("/api/auth/email_change/undo", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await anonymous("/api/auth/email_change/undo", { token: "a".repeat(43) })).json().message).toBe(
      EMAIL_UNDO_INVALID,
    );
  });
});

describe("mail about the password", () => {
  it("tells the operator of their own change, of a reset by link and of an admin's new password", async () => {
    const op = await newOperator();
    const session = await signIn(op);
    const changed = await call(session, "POST", "/api/auth/password", {
      current_password: op.password,
      new_password: "changed-by-myself-long",
    });
    expect(changed.statusCode).toBe(200);
    const text = await onlyMail(op.email!, "Your console password was changed");
    expect(text).toContain(op.username);
    expect(text).toContain(`${BASE}/dashboard/forgot-password`);
    expect(text).not.toContain("changed-by-myself-long");

    await anonymous("/api/auth/forgot_password", { login: op.username });
    const link = linkIn(await onlyMail(op.email!, "Reset your console password"), "reset-password");
    expect(
      (await anonymous("/api/auth/reset_password", { token: link, new_password: "reset-by-link-long" }))
        .statusCode,
    ).toBe(200);
    await onlyMail(op.email!, "Your console password was reset");

    const adminOp = await newOperator("admin");
    const admin = await confirmedSession(adminOp);
    expect(
      (await call(admin, "PATCH", `/api/operators/${op.id}`, { password: "set-by-an-admin-long" }))
        .statusCode,
    ).toBe(200);
    const byAdmin = await onlyMail(op.email!, "An administrator set a new password for your console account");
    expect(byAdmin).toContain(adminOp.username);
    expect(byAdmin).not.toContain("set-by-an-admin-long");
  });
});

describe("mail about two-factor sign-in", () => {
  it("tells the operator when it is turned on, when a recovery code is used, and when it is turned off, by them or an admin", async () => {
    const op = await newOperator();
    let session = await confirmedSession(op);
    const setup = (await call(session, "POST", "/api/auth/two_factor/setup")).json().data;
    const enabled = await call(session, "POST", "/api/auth/two_factor/enable", {
      setup_token: setup.setup_token,
      code: codeFor(setup.secret),
    });
    expect(enabled.statusCode).toBe(200);
    await onlyMail(op.email!, "Two-factor sign-in is on for your console account");

    const challenge = (
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: op.username, password: op.password },
        remoteAddress: op.ip,
      })
    ).json().challenge;
    const recovered = await anonymous("/api/auth/login/second_factor", {
      challenge,
      recovery_code: enabled.json().data.recovery_codes[0],
    });
    expect(recovered.statusCode).toBe(200);
    const used = await onlyMail(op.email!, "A recovery code was used to sign in to your console account");
    expect(used).toMatch(/9 recovery codes left/);
    expect(used).not.toContain(enabled.json().data.recovery_codes[0]);

    session = await reauthenticated(t.app, recovered.json().access_token, op.password, op.ip);
    const off = await call(session, "POST", "/api/auth/two_factor/disable");
    expect(off.statusCode, off.body).toBe(200);
    const offMails = (await mailsTo(op.email!)).filter(
      (m) => m.subject === "Two-factor sign-in was turned off for your console account",
    );
    expect(offMails).toHaveLength(1);
    expect((await call(session, "GET", "/api/auth/two_factor")).json().data.enabled).toBe(false);

    // An admin's reset says who did it.
    const again = (await call(session, "POST", "/api/auth/two_factor/setup")).json().data;
    await call(session, "POST", "/api/auth/two_factor/enable", {
      setup_token: again.setup_token,
      code: codeFor(again.secret),
    });
    const adminOp = await newOperator("admin");
    const admin = await confirmedSession(adminOp);
    expect((await call(admin, "POST", `/api/operators/${op.id}/two_factor/reset`)).statusCode).toBe(200);
    const offAgain = (await mailsTo(op.email!)).filter(
      (m) => m.subject === "Two-factor sign-in was turned off for your console account",
    );
    expect(offAgain).toHaveLength(2);
    expect(offAgain[1]!.text).toContain(adminOp.username);
  });

  it("cannot be turned off by an operator whose role requires it", async () => {
    const op = await newOperator();
    const session = await confirmedSession(op);
    const setup = (await call(session, "POST", "/api/auth/two_factor/setup")).json().data;
    await call(session, "POST", "/api/auth/two_factor/enable", {
      setup_token: setup.setup_token,
      code: codeFor(setup.secret),
    });
    const adminOp = await newOperator("admin");
    const admin = await confirmedSession(adminOp);
    await t.app.inject({
      method: "PUT",
      url: "/api/two_factor_policy",
      headers: { authorization: `Bearer ${admin}` },
      payload: { admin: false, editor: true },
    });
    try {
      const off = await call(session, "POST", "/api/auth/two_factor/disable");
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toMatch(/requires/);
    } finally {
      await t.app.inject({
        method: "PUT",
        url: "/api/two_factor_policy",
        headers: { authorization: `Bearer ${admin}` },
        payload: { admin: false, editor: false },
      });
    }
  });
});
