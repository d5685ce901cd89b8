import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, operators, passwordResetTokens } from "#db/schema/index.ts";
import { FORGOT_PASSWORD_ANSWER } from "#schemas/password-reset.ts";
import { INVITE_LINK_HOURS, INVITE_LINK_INVALID } from "#schemas/operator.ts";
import { TWO_FACTOR_ENROLMENT_REQUIRED } from "#shared/auth.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { reauthenticated, signedInOperator } from "#tests/support/auth.ts";

const t = testAppPerFile({ PUBLIC_BASE_URL: "https://console.example.com" });

let sequence = 0;
// Every request from its own address unless a test says otherwise: the per-address limits stay apart.
const nextAddress = () => `10.88.${Math.floor(++sequence / 250)}.${sequence % 250}`;
const PASSWORD = "a-password-of-my-own-choosing";

/** A signed-in admin (with a known password, for the confirmations account changes need). */
async function admin() {
  const who = {
    username: `inviter-${++sequence}`,
    password: `inviter-password-${sequence}`,
    role: "admin" as const,
  };
  const { id, access } = await signedInOperator(t().app, who, nextAddress());
  return { id, access, password: who.password };
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const invite = (token: string, payload: Record<string, unknown>) =>
  t().app.inject({ method: "POST", url: "/api/operators/invite", headers: as(token), payload });
const act = (token: string, id: number, what: "resend" | "cancel") =>
  t().app.inject({ method: "POST", url: `/api/operators/${id}/invite/${what}`, headers: as(token) });
const accept = (token: string, new_password = PASSWORD, address = nextAddress()) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/invite/accept",
    payload: { token, new_password },
    remoteAddress: address,
  });
const signIn = (username: string, password = PASSWORD) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: nextAddress(),
  });
const listed = async (token: string, username: string) =>
  (
    await t().app.inject({ method: "GET", url: `/api/operators?search=${username}`, headers: as(token) })
  ).json().operators_data[0];

/** The newest invitation mailed to `email`, and its link's token, read from the message as the invitee would. */
async function invitation(email: string) {
  const mails = await t()
    .app.database.db.select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(mailOutbox.id);
  const mail = mails.at(-1);
  const link = /https:\/\/console\.example\.com\/dashboard\/accept-invite#token=([A-Za-z0-9_-]+)/.exec(
    mail?.text ?? "",
  );
  expect(link, mail?.text).not.toBeNull();
  return { mail: mail!, token: link![1]!, count: mails.length };
}

/** Invites a new editor (or `role`) and answers the account and the token of its link. */
async function invited(token: string, role: "admin" | "editor" = "editor") {
  const username = `invitee-${++sequence}`;
  const email = `${username}@example.com`;
  const res = await invite(token, { username, email, role });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, username, email, token: (await invitation(email)).token };
}

describe("inviting an operator", () => {
  it("creates the account without a password, mails a 72-hour link, lists it as invited and audits it", async () => {
    const boss = await admin();
    const username = `newcomer-${++sequence}`;
    const started = Date.now();
    const res = await invite(boss.access, { username, email: `${username}@Example.com`, role: "editor" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      data: { username, email: `${username}@example.com`, role: "editor", invited: true, disabled: false },
    });
    const { mail, token } = await invitation(`${username}@example.com`);
    expect(mail.subject).toBe("You are invited to the GCC View 360 console");
    expect(mail.text).toContain(`Your username is "${username}"`);
    expect(mail.text).toContain(`within ${INVITE_LINK_HOURS} hours`);
    // Only the token's SHA-256 is stored.
    const [link] = await t()
      .app.database.db.select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.operatorId, res.json().data.id));
    expect(link).toMatchObject({ purpose: "invite" });
    expect(link!.tokenHash).not.toContain(token);

    const row = await listed(boss.access, username);
    expect(row).toMatchObject({ invited: true, two_factor: false });
    const expires = Date.parse(row.invite_expires_at);
    expect(expires).toBeGreaterThanOrEqual(started + INVITE_LINK_HOURS * 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + INVITE_LINK_HOURS * 3_600_000 + 1_000);

    const [entry] = await t()
      .app.database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "operator_invited"), eq(auditLog.entityId, String(res.json().data.id))));
    expect(entry).toMatchObject({ entity: "operator" });
    expect(entry!.after).toMatchObject({ username, role: "editor" });
  });

  it("asks for an address, refuses a taken name or address, a password, and anyone but an admin", async () => {
    const boss = await admin();
    const first = await invited(boss.access);
    const noEmail = await invite(boss.access, { username: `x-${++sequence}`, role: "editor" });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/e-mail address the invitation goes to/);
    const withPassword = await invite(boss.access, {
      username: `x-${++sequence}`,
      email: `x-${sequence}@example.com`,
      password: "handed-out-password",
    });
    expect(withPassword.statusCode).toBe(400);
    const sameName = await invite(boss.access, {
      username: first.username,
      email: `y-${++sequence}@example.com`,
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toHaveProperty("username");
    const sameEmail = await invite(boss.access, { username: `z-${++sequence}`, email: first.email });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toHaveProperty("email");

    const editor = await signedInOperator(
      t().app,
      { username: `editor-${++sequence}`, password: `editor-password-${sequence}`, role: "editor" },
      nextAddress(),
    );
    const refused = await invite(editor.access, {
      username: `e-${++sequence}`,
      email: `e-${sequence}@example.com`,
    });
    expect(refused.statusCode).toBe(403);
    expect((await act(editor.access, first.id, "resend")).statusCode).toBe(403);
    expect((await act(editor.access, first.id, "cancel")).statusCode).toBe(403);
  });
});

describe("accepting an invitation", () => {
  it("sets the password chosen under the usual rules, once; then the operator signs in as any other", async () => {
    const boss = await admin();
    const newcomer = await invited(boss.access);
    // Nobody can sign in to an invited account before the invitation is used.
    expect((await signIn(newcomer.username)).statusCode).toBe(401);

    const short = await accept(newcomer.token, "too-short");
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.new_password).toBe("Use at least 12 characters");
    const common = await accept(newcomer.token, "password1234");
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.new_password).toMatch(/most common/);

    // A refused password does not spend the link.
    const done = await accept(newcomer.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, data: { username: newcomer.username } });
    expect(done.headers["cache-control"]).toBe("no-store");

    const signedIn = await signIn(newcomer.username);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      username: newcomer.username,
      two_factor_enrolment_required: false,
    });
    expect(await listed(boss.access, newcomer.username)).toMatchObject({
      invited: false,
      invite_expires_at: null,
    });

    // Used: refused, with the one answer every bad link gets, and nothing changes.
    const again = await accept(newcomer.token, "another-password-entirely");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVITE_LINK_INVALID);
    expect((await signIn(newcomer.username)).statusCode).toBe(200);
    // Accepted, it is an account like any other: nothing left to resend or cancel.
    expect((await act(boss.access, newcomer.id, "resend")).statusCode).toBe(409);
    expect((await act(boss.access, newcomer.id, "cancel")).statusCode).toBe(409);

    const [entry] = await t()
      .app.database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invite_accepted"), eq(auditLog.entityId, String(newcomer.id))));
    expect(entry).toMatchObject({ operatorName: newcomer.username });
  });

  it("where the role requires two-factor, the operator sets it up before anything else", async () => {
    const boss = await admin();
    const policy = await t().app.inject({
      method: "PUT",
      url: "/api/two_factor_policy",
      headers: as(boss.access),
      payload: { admin: false, editor: true },
    });
    expect(policy.statusCode).toBe(200);
    try {
      const newcomer = await invited(boss.access, "editor");
      expect((await invitation(newcomer.email)).mail.text).toMatch(/authenticator app/);
      expect((await accept(newcomer.token)).statusCode).toBe(200);
      const signedIn = await signIn(newcomer.username);
      expect(signedIn.json()).toMatchObject({ two_factor_enrolment_required: true });
      const list = await t().app.inject({
        method: "GET",
        url: "/api/contact_requests",
        headers: as(signedIn.json().access_token),
      });
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(TWO_FACTOR_ENROLMENT_REQUIRED);
      const setup = await t().app.inject({
        method: "POST",
        url: "/api/auth/two_factor/setup",
        headers: as(await reauthenticated(t().app, signedIn.json().access_token, PASSWORD, nextAddress())),
      });
      expect(setup.statusCode).toBe(200);
    } finally {
      await t().app.inject({
        method: "PUT",
        url: "/api/two_factor_policy",
        headers: as(boss.access),
        payload: { admin: false, editor: false },
      });
    }
  });
});

describe("what voids an invitation", () => {
  it("a newer invitation: the older link stops working, the newer works", async () => {
    const boss = await admin();
    const newcomer = await invited(boss.access);
    const resent = await act(boss.access, newcomer.id, "resend");
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toMatch(/the older one no longer does/);
    const latest = await invitation(newcomer.email);
    expect(latest.count).toBe(2);
    expect(latest.token).not.toBe(newcomer.token);
    expect((await accept(newcomer.token)).json().message).toBe(INVITE_LINK_INVALID);
    expect((await accept(latest.token)).statusCode).toBe(200);
  });

  it("expiry: a link past its 72 hours is refused, and the list shows it expired", async () => {
    const boss = await admin();
    const newcomer = await invited(boss.access);
    await t()
      .app.database.db.update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.operatorId, newcomer.id));
    expect(Date.parse((await listed(boss.access, newcomer.username)).invite_expires_at)).toBeLessThan(
      Date.now(),
    );
    const late = await accept(newcomer.token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(INVITE_LINK_INVALID);
    // Resend gives a fresh link.
    expect((await act(boss.access, newcomer.id, "resend")).statusCode).toBe(200);
    expect((await accept((await invitation(newcomer.email)).token)).statusCode).toBe(200);
  });

  it("disabling the operator: the link is void, and stays void when the account is enabled again", async () => {
    const boss = await admin();
    const confirmed = await reauthenticated(t().app, boss.access, boss.password, nextAddress());
    const patch = (id: number, disabled: boolean) =>
      t().app.inject({
        method: "PATCH",
        url: `/api/operators/${id}`,
        headers: as(confirmed),
        payload: { disabled },
      });
    // Disabled and enabled again without the link being tried: it no longer works.
    const newcomer = await invited(boss.access);
    expect((await patch(newcomer.id, true)).statusCode).toBe(200);
    // A disabled account gets no new link either.
    expect((await act(boss.access, newcomer.id, "resend")).statusCode).toBe(409);
    expect((await patch(newcomer.id, false)).statusCode).toBe(200);
    expect((await accept(newcomer.token)).json().message).toBe(INVITE_LINK_INVALID);
    expect((await signIn(newcomer.username)).statusCode).toBe(401);

    // The token of a disabled account is refused like any other bad link.
    const other = await invited(boss.access);
    expect((await patch(other.id, true)).statusCode).toBe(200);
    const refused = await accept(other.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVITE_LINK_INVALID);
    expect((await signIn(other.username)).statusCode).toBe(401);
  });

  it("cancelling: the account is deleted with its link, and its name can be invited again", async () => {
    const boss = await admin();
    const newcomer = await invited(boss.access);
    const cancelled = await act(boss.access, newcomer.id, "cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(await t().app.database.db.select().from(operators).where(eq(operators.id, newcomer.id))).toEqual(
      [],
    );
    expect((await accept(newcomer.token)).json().message).toBe(INVITE_LINK_INVALID);
    expect((await act(boss.access, newcomer.id, "cancel")).statusCode).toBe(404);
    const again = await invite(boss.access, { username: newcomer.username, email: newcomer.email });
    expect(again.statusCode).toBe(201);
  });

  it("a reset link does not accept an invitation, nor an invitation reset a password; an invited account gets no reset link", async () => {
    const boss = await admin();
    const newcomer = await invited(boss.access);
    const forgot = await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot_password",
      payload: { login: newcomer.username },
      remoteAddress: nextAddress(),
    });
    expect(forgot.json().message).toBe(FORGOT_PASSWORD_ANSWER);
    expect((await invitation(newcomer.email)).count).toBe(1);
    const asReset = await t().app.inject({
      method: "POST",
      url: "/api/auth/reset_password",
      payload: { token: newcomer.token, new_password: PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(asReset.statusCode).toBe(400);
    // Tried on the wrong page, the invitation still works on its own.
    expect((await accept(newcomer.token)).statusCode).toBe(200);
  });
});

describe("attacks on the public page", () => {
  it("answers an unknown, a used, an expired and a malformed token alike, and tells no account's name", async () => {
    const boss = await admin();
    const used = await invited(boss.access);
    await accept(used.token);
    const expired = await invited(boss.access);
    await t()
      .app.database.db.update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.operatorId, expired.id));
    const answers = [];
    for (const token of ["A".repeat(43), used.token, expired.token]) {
      const res = await accept(token);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const answer of answers)
      expect(answer).toEqual({
        status: 400,
        body: { success: false, message: INVITE_LINK_INVALID, data: [] },
      });
    expect(JSON.stringify(answers)).not.toContain(expired.username);
    expect((await accept("short")).statusCode).toBe(400);
  });

  it("limits one address to 20 tries in 10 minutes (429), whatever the tokens", async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await accept(`guess${i}`.padEnd(43, "x"), PASSWORD, address)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    expect((await accept("B".repeat(43))).statusCode).toBe(400);
  });
});
