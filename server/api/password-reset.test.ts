import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, passwordResetTokens } from "#db/schema/index.ts";
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from "#schemas/password-reset.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";
import { itWith } from "#tests/support/services.ts";
import { FORGOT_ANSWER_FLOOR_MS, PASSWORD_RESET_DONE, RESET_REQUESTS_PER_ACCOUNT } from "./password-reset";

const t = testAppPerFile({ PUBLIC_BASE_URL: "https://console.example.com" });
afterEach(() => void vi.useRealTimers());

let sequence = 0;
// Every request comes from its own address unless a test says otherwise: the per-address limit stays apart.
const nextAddress = () => `10.77.${Math.floor(++sequence / 250)}.${sequence % 250}`;

async function newOperator(email: string | null = `reset-${sequence + 1}@example.com`) {
  const username = `reset-op-${++sequence}`;
  const password = `reset-password-${sequence}-long`;
  const { id } = await t().app.services.operators.create({
    username,
    password,
    role: "editor",
    ...(email ? { email } : {}),
  });
  return { id, username, password, email };
}

const forgot = (login: string, address = nextAddress()) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/forgot_password",
    payload: { login },
    remoteAddress: address,
  });
const reset = (token: string, new_password: string) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/reset_password",
    payload: { token, new_password },
    remoteAddress: nextAddress(),
  });
const signIn = (username: string, password: string) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: nextAddress(),
  });

const mailTo = (email: string) =>
  t().app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.id);

/** The token of the newest link sent to `email`, read from the message as the operator would. */
async function latestToken(email: string): Promise<string> {
  const mails = await mailTo(email);
  const text = mails.at(-1)?.text ?? "";
  const link = /https:\/\/console\.example\.com\/dashboard\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

describe("Forgot password?", () => {
  it("answers an unknown account exactly like a known one, no faster, and sends nothing for it", async () => {
    const known = await newOperator();
    const noEmail = await newOperator(null);
    const before = (await t().app.database.db.select().from(mailOutbox)).length;

    const answers = [];
    for (const login of ["nobody-by-that-name", "nobody@example.com", noEmail.username, known.username]) {
      const started = performance.now();
      const res = await forgot(login);
      answers.push({ status: res.statusCode, body: res.json() });
      expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    }
    for (const answer of answers)
      expect(answer).toEqual({
        status: 200,
        body: { success: true, message: FORGOT_PASSWORD_ANSWER, data: [] },
      });
    // Only the known account with an address got a message.
    const after = await t().app.database.db.select().from(mailOutbox);
    expect(after.length - before).toBe(1);
    expect(after.at(-1)!.recipient).toBe(known.email);
    expect(after.at(-1)!.subject).toBe("Reset your console password");
    const links = await t().app.database.db.select().from(passwordResetTokens);
    expect(links.map((l) => l.operatorId)).toEqual([known.id]);
  });

  it("sends a link that sets the password once; the old password and the link stop working", async () => {
    const op = await newOperator("Mixed.Case@Example.com");
    // The address is found whatever its letter case.
    expect((await forgot("MIXED.case@example.COM")).statusCode).toBe(200);
    const token = await latestToken("mixed.case@example.com");
    const stored = await t().app.database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token, "a-brand-new-passphrase");
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(PASSWORD_RESET_DONE);
    expect((await signIn(op.username, "a-brand-new-passphrase")).statusCode).toBe(200);
    expect((await signIn(op.username, op.password)).statusCode).toBe(401);

    const again = await reset(token, "yet-another-passphrase");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await signIn(op.username, "yet-another-passphrase")).statusCode).toBe(401);

    const entries = await t()
      .app.database.db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(op.id)));
    expect(entries.map((e) => e.action)).toEqual(["password_reset_requested", "password_reset"]);
    expect(entries.every((e) => e.operatorName === op.username)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  // PGlite runs one request's statements at a time: only PostgreSQL lets the two really race.
  itWith(
    "TEST_DATABASE_URL",
    "lets only one of two requests that race with the same link through (PostgreSQL)",
    async () => {
      const op = await newOperator();
      await forgot(op.username);
      const token = await latestToken(op.email!);
      const answers = await Promise.all([
        reset(token, "first-racer-passphrase"),
        reset(token, "second-racer-passphrase"),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const winner = answers[0]!.statusCode === 200 ? "first-racer-passphrase" : "second-racer-passphrase";
      expect((await signIn(op.username, winner)).statusCode).toBe(200);
    },
  );

  it("refuses a link whose 60 minutes are over: by a moved clock and by a stored expiry in the past", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const token = await latestToken(op.email!);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
    const late = await reset(token, "too-late-for-this-one");
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(RESET_LINK_INVALID);

    await forgot(op.username);
    const second = await latestToken(op.email!);
    await t()
      .app.database.db.update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.operatorId, op.id));
    expect((await reset(second, "too-late-for-this-one")).statusCode).toBe(400);
    expect((await signIn(op.username, op.password)).statusCode).toBe(200);
  });

  it("works 59 minutes after it was sent", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const token = await latestToken(op.email!);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 59 * 60_000 });
    const res = await reset(token, "just-in-time-passphrase");
    vi.useRealTimers();
    expect(res.statusCode).toBe(200);
  });

  it("voids a link once the password changes by another path, and an older link once a newer is sent", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const token = await latestToken(op.email!);
    // The operator remembers it and changes it in the console.
    const session = (await signIn(op.username, op.password)).json().access_token as string;
    const changed = await t().app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { authorization: `Bearer ${session}` },
      payload: { current_password: op.password, new_password: "remembered-after-all" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, "a-brand-new-passphrase")).statusCode).toBe(400);

    // The command-line reset also changes the hash the link was issued for.
    await forgot(op.username);
    const afterCli = await latestToken(op.email!);
    await t().app.services.operators.resetPassword(
      { operatorId: 0, username: "command line" },
      op.username,
      "set-by-the-command-line",
    );
    expect((await reset(afterCli, "a-brand-new-passphrase")).statusCode).toBe(400);

    // (A second operator: the first has had its links for this hour.)
    const other = await newOperator();
    await forgot(other.username);
    const older = await latestToken(other.email!);
    await forgot(other.username);
    const newer = await latestToken(other.email!);
    expect(newer).not.toBe(older);
    expect((await reset(older, "a-brand-new-passphrase")).statusCode).toBe(400);
    expect((await reset(newer, "a-brand-new-passphrase")).statusCode).toBe(200);
  });

  it("ends every session of the operator", async () => {
    const op = await newOperator();
    const sessions = [];
    for (let i = 0; i < 2; i++) {
      const res = await signIn(op.username, op.password);
      const cookie = ([] as string[])
        .concat(res.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith("refresh_token="))!;
      sessions.push({ access: res.json().access_token as string, refresh: cookie.split(";")[0]!.slice(14) });
    }
    await forgot(op.username);
    expect((await reset(await latestToken(op.email!), "a-brand-new-passphrase")).statusCode).toBe(200);
    for (const session of sessions) {
      const me = await t().app.inject({
        url: "/api/auth/me",
        headers: { authorization: `Bearer ${session.access}` },
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await t().app.inject({
        url: "/refresh_token",
        cookies: { refresh_token: session.refresh },
        headers: { "x-requested-with": "gcc-console" },
      });
      expect(refreshed.json().error_code).toBe(401);
    }
  });

  it("holds the new password to the change-password rules and keeps the link for a valid try", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const token = await latestToken(op.email!);
    for (const weak of ["short-one", "Password12345"]) {
      const res = await reset(token, weak);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["new_password"]);
    }
    const broken = await reset("x", "a-brand-new-passphrase");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toHaveProperty("token");
    expect((await reset(token, "a-brand-new-passphrase")).statusCode).toBe(200);
  });

  it("answers a request over the account's limit exactly as the first, and mails nothing for it", async () => {
    const op = await newOperator();
    const first = await forgot(op.username);
    const mailed = [(await mailTo(op.email!)).length];
    const answers = [];
    for (let i = 1; i < 6; i++) {
      answers.push(await forgot(i % 2 ? op.username : op.email!));
      mailed.push((await mailTo(op.email!)).length);
    }
    // One more message for each of the first three requests, none for the 4th, 5th and 6th.
    expect(mailed).toEqual([1, 2, 3, 3, 3, 3]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(first.statusCode);
      expect(answer.json()).toEqual(first.json());
    }
    expect(first.json()).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER, data: [] });
    // The 4th to 6th did not replace the third link either.
    const third = await latestToken(op.email!);
    expect((await reset(third, "the-third-link-works")).statusCode).toBe(200);
  });

  it("sends a disabled operator nothing, and a link sent before the disabling stops working", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const token = await latestToken(op.email!);
    await t().app.services.operators.update({ operatorId: 0, username: "test" }, op.id, { disabled: true });
    const refused = await reset(token, "while-disabled-passphrase");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(RESET_LINK_INVALID);

    const before = (await mailTo(op.email!)).length;
    const answer = await forgot(op.username);
    expect(answer.json()).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER, data: [] });
    expect((await mailTo(op.email!)).length).toBe(before);
    expect(
      await t()
        .app.database.db.select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.operatorId, op.id)),
    ).toEqual([]);
    // Enabled again, the old link still does not work (it was used up by the refusal).
    await t().app.services.operators.update({ operatorId: 0, username: "test" }, op.id, { disabled: false });
    expect((await reset(token, "while-disabled-passphrase")).statusCode).toBe(400);
    expect((await signIn(op.username, op.password)).statusCode).toBe(200);
  });

  it("does not count refused posts against the address, and answers its limit with 429 JSON and Retry-After", async () => {
    const address = "10.79.0.1";
    // Many malformed posts first: none of them uses up the address's allowance.
    for (let i = 0; i < t().config.PUBLIC_FORM_RATE_LIMIT * 2; i++) {
      const bad = await t().app.inject({
        method: "POST",
        url: "/api/auth/forgot_password",
        payload: i % 2 ? { login: "" } : { login: "x", extra: true },
        remoteAddress: address,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
    }
    for (let i = 0; i < t().config.PUBLIC_FORM_RATE_LIMIT; i++)
      expect((await forgot(`limit-${i}`, address)).statusCode).toBe(200);
    const limited = await forgot("one-too-many", address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/),
      data: [],
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("is limited per address (429) and per account (answered alike, nothing more sent)", async () => {
    const address = "10.78.0.1";
    const statuses = [];
    for (let i = 0; i < t().config.PUBLIC_FORM_RATE_LIMIT + 1; i++)
      statuses.push((await forgot(`someone-${i}`, address)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await forgot("someone-else", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/,
    );

    const op = await newOperator();
    const answers = [];
    for (let i = 0; i < RESET_REQUESTS_PER_ACCOUNT + 2; i++) answers.push((await forgot(op.username)).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await mailTo(op.email!)).length).toBe(RESET_REQUESTS_PER_ACCOUNT);
  });
});

describe("an operator's e-mail address", () => {
  const admin = async () => {
    const username = `reset-admin-${++sequence}`;
    await t().app.services.operators.create({ username, password: "admin-password-long", role: "admin" });
    const access = (await signIn(username, "admin-password-long")).json().access_token as string;
    return reauthenticated(t().app, access, "admin-password-long");
  };

  it("is set by an admin, one operator per address in any letter case, and a change voids a sent link", async () => {
    const token = await admin();
    const a = await newOperator(null);
    const b = await newOperator(null);
    const patch = (id: number, email: string) =>
      t().app.inject({
        method: "PATCH",
        url: `/api/operators/${id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { email },
      });
    const set = await patch(a.id, " Shared@Example.com ");
    expect(set.statusCode).toBe(200);
    expect(set.json().data.email).toBe("shared@example.com");
    const taken = await patch(b.id, "SHARED@example.com");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toMatch(/Another operator has this e-mail address/);
    expect((await patch(b.id, "not-an-address")).statusCode).toBe(400);

    await forgot(a.username);
    const link = await latestToken("shared@example.com");
    expect((await patch(a.id, "moved@example.com")).statusCode).toBe(200);
    expect((await reset(link, "a-brand-new-passphrase")).statusCode).toBe(400);
    expect((await patch(a.id, "")).json().data.email).toBeNull();
  });

  it("is set by the operator in their own account", async () => {
    const op = await newOperator(null);
    const signedIn = (await signIn(op.username, op.password)).json().access_token as string;
    const access = await reauthenticated(t().app, signedIn, op.password);
    const headers = { authorization: `Bearer ${access}` };
    const saved = await t().app.inject({
      method: "PATCH",
      url: "/api/auth/account",
      headers,
      payload: { email: "Own.Address@example.com" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: "E-mail address saved.",
      data: { user_id: op.id, username: op.username, email: "own.address@example.com", role: "editor" },
    });
    const read = await t().app.inject({ url: "/api/auth/account", headers });
    expect(read.json().data.email).toBe("own.address@example.com");
    const extra = await t().app.inject({
      method: "PATCH",
      url: "/api/auth/account",
      headers,
      payload: { email: "a@example.com", role: "admin" },
    });
    expect(extra.statusCode).toBe(400);
    expect((await t().app.inject({ url: "/api/auth/account" })).statusCode).toBe(401);
  });

  it("set by the operator voids a link sent to the old address", async () => {
    const op = await newOperator();
    await forgot(op.username);
    const link = await latestToken(op.email!);
    const signedIn = (await signIn(op.username, op.password)).json().access_token as string;
    const access = await reauthenticated(t().app, signedIn, op.password);
    const saved = await t().app.inject({
      method: "PATCH",
      url: "/api/auth/account",
      headers: { authorization: `Bearer ${access}` },
      payload: { email: "somewhere-else@example.com" },
    });
    expect(saved.statusCode).toBe(200);
    const res = await reset(link, "a-brand-new-passphrase");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    expect((await signIn(op.username, op.password)).statusCode).toBe(200);
  });
});
