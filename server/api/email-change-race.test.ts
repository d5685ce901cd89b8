import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailChangeUndo, mailOutbox, operators } from "#db/schema/index.ts";
import { reauthenticated, signedInOperator } from "#tests/support/auth.ts";
import { onNextPublicAddress, testAppPerFile } from "#tests/support/app.ts";

// Your own e-mail change reads the account, prepares its mail, then saves: an undo of an earlier change, an
// admin's "End sessions" or an admin's new address in between must win, or a revoked session's request would
// put the thief's address back (and tell the thief's mailbox, with an undo link to the thief's address).

const t = testAppPerFile();
afterEach(() => vi.restoreAllMocks());
const db = () => t().app.database.db;

let sequence = 0;
async function confirmedOperator() {
  const username = `race-mail-${++sequence}`;
  const password = `race-mail-password-${sequence}`;
  const email = `${username}@example.com`;
  const address = `10.66.${sequence}.1`;
  const { id, access: token } = await signedInOperator(
    t().app,
    { username, password, role: "editor", email },
    address,
  );
  const access = await reauthenticated(t().app, token, password, address);
  return { id, username, email, address, access };
}

const setEmail = (who: { access: string; address: string }, email: string) =>
  t().app.inject({
    method: "PATCH",
    url: "/api/auth/account",
    headers: { authorization: `Bearer ${who.access}` },
    remoteAddress: who.address,
    payload: { email },
  });

/** Runs `meanwhile` once, after the account was read and before the change is saved. */
const between = (meanwhile: () => Promise<void>) => onNextPublicAddress(t().app, meanwhile);
const ADMIN = { operatorId: 0, username: "test", role: "admin" as const, familyId: "" };
const emailOf = async (id: number) =>
  (await db().select({ email: operators.email }).from(operators).where(eq(operators.id, id)))[0]!.email;

describe("changing your own e-mail address while the account changes", () => {
  it("changes nothing once the session was ended meanwhile", async () => {
    const op = await confirmedOperator();
    between(async () => {
      await t().app.services.auth.endAllSessions(ADMIN, op.id);
    });
    const res = await setEmail(op, "thief@evil.example");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Your session has ended. Please sign in again.");
    expect(await emailOf(op.id)).toBe(op.email);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, op.email));
    expect(mails).toEqual([]);
  });

  it("tells the address the account has when it is saved, and its undo link puts that one back", async () => {
    const op = await confirmedOperator();
    between(async () => {
      await t().app.services.operators.update(ADMIN, op.id, { email: "set-by-admin@example.com" });
    });
    const res = await setEmail(op, "later@example.com");
    expect(res.statusCode).toBe(200);
    const undo = await db().select().from(emailChangeUndo).where(eq(emailChangeUndo.operatorId, op.id));
    expect(undo.map((link) => link.restoreEmail)).toEqual(["set-by-admin@example.com"]);
    const told = await db()
      .select({ to: mailOutbox.recipient })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Your console e-mail address was changed"));
    expect(told.map((mail) => mail.to)).toEqual([op.email, "set-by-admin@example.com"]);
  });
});
