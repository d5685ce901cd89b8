import { and, eq, gt, or, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/client.ts";
import { emailChangeUndo, operators, passwordResetTokens } from "#db/schema/index.ts";
import {
  EMAIL_UNDO_INVALID,
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
  type PasswordReset,
} from "#schemas/password-reset.ts";
import type { AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { enqueueMail } from "../notifications/outbox";
import { isUniqueViolation } from "../logistics/common";
import { hashPassword } from "../operators/service";
import { emailUndoTokenHash } from "./email-change";
import type { SecurityMail } from "./security-mail";
import { revokeSessionsIn, voidResetLinksIn } from "./sessions";
import { unlockSecondFactorIn } from "./second-factor";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** What is stored of a link's token. */
export const resetTokenHash = sha256;

/** What a link depends on: a new hash (any change of password, by any path) makes older links void. */
export const passwordFingerprint = (passwordHash: string) => sha256(`reset:${passwordHash}`);

/** The console page a link opens; the token rides in the fragment, so it never reaches a server log. */
export const resetLink = (baseUrl: string, token: string) =>
  `${baseUrl}/dashboard/reset-password#token=${token}`;

export interface ResetRequest {
  /** A username or an e-mail address, lower-cased. */
  login: string;
  ip: string;
  /** The site's public address, for the link. */
  baseUrl: string;
  /** Counts a request against `key` (one account, or one unknown login); false once over its limit. */
  allow: (key: string) => Promise<boolean>;
}

type ResetOperator = Pick<typeof operators.$inferSelect, "id" | "username" | "passwordHash"> & {
  email: string;
};

/** What a mailed one-time link lets its holder do: choose a forgotten password, or a first one. */
export type LinkPurpose = (typeof passwordResetTokens.$inferInsert)["purpose"] & string;

/**
 * Stores a new one-time link for `operator`, valid `minutes` from now, in `tx`: one link per operator, so
 * it replaces (voids) an older one of either purpose. Answers the token, which only the mail carries.
 */
export async function storeLinkIn(
  tx: Database,
  operator: Pick<ResetOperator, "id" | "passwordHash">,
  purpose: LinkPurpose,
  minutes: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const values = {
    operatorId: operator.id,
    tokenHash: resetTokenHash(token),
    passwordFingerprint: passwordFingerprint(operator.passwordHash),
    purpose,
    expiresAt: new Date(Date.now() + minutes * 60_000),
    createdAt: new Date(),
  };
  await tx
    .insert(passwordResetTokens)
    .values(values)
    .onConflictDoUpdate({ target: passwordResetTokens.operatorId, set: values });
  return { token, expiresAt: values.expiresAt };
}

/**
 * Takes the link of `token` for `purpose` from its table (so it can never work again) and answers it with
 * its operator, locked, when it is still good: not expired, the operator enabled, the password unchanged
 * since it was sent. A token of the other purpose is left alone and answered null.
 */
export async function redeemLinkIn(tx: Database, token: string, purpose: LinkPurpose) {
  const [link] = await tx
    .delete(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, resetTokenHash(token)), eq(passwordResetTokens.purpose, purpose)),
    )
    .returning();
  const opened = await openLink(tx, link);
  if (!opened || passwordFingerprint(opened.operator.passwordHash) !== opened.link.passwordFingerprint)
    return null;
  return opened.operator;
}

/**
 * Stores a new link for `operator` (replacing, so voiding, an older one) and queues it to their address, in
 * `tx`, between the message's `intro` and `outro` lines.
 */
export async function sendResetLinkIn(
  tx: Database,
  operator: ResetOperator,
  baseUrl: string,
  message: { subject: string; intro: string; outro?: string },
) {
  const { token } = await storeLinkIn(tx, operator, "reset", RESET_LINK_MINUTES);
  await enqueueMail(tx, {
    to: operator.email,
    subject: message.subject,
    text: [
      message.intro,
      "",
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
      resetLink(baseUrl, token),
      "",
      "The link works once, and every device signed in to the account is signed out when the password changes.",
      ...(message.outro ? [message.outro] : []),
    ].join("\n"),
  });
}

/** A one-time link just taken from its table and the enabled operator it names (locked), or null. */
async function openLink<L extends { operatorId: number; expiresAt: Date }>(
  tx: Database,
  link: L | undefined,
) {
  if (!link || link.expiresAt.getTime() <= Date.now()) return null;
  const [operator] = await tx.select().from(operators).where(eq(operators.id, link.operatorId)).for("update");
  return operator && !operator.disabled ? { link, operator } : null;
}

export function createPasswordResetService(db: Database, audit?: AuditService, mail?: SecurityMail) {
  /** A change to an operator's account made through its own mailbox: audited as the operator's. */
  const auditOwn = (
    operator: { id: number; username: string },
    action: Parameters<AuditService["record"]>[1],
    before: unknown,
    after: unknown,
    tx: Database,
  ) =>
    audit?.record(
      { operatorId: operator.id, username: operator.username },
      action,
      "operator",
      operator.id,
      before,
      after,
      tx,
    );

  return {
    /**
     * "Forgot password?": queues a link to the account's address when one matches, is enabled, has an
     * address and is under its limit. Says nothing either way: the caller answers the same in every case.
     */
    async request({ login, ip, baseUrl, allow }: ResetRequest): Promise<void> {
      const [operator] = await db
        .select()
        .from(operators)
        .where(or(eq(operators.username, login), sql`lower(${operators.email}) = ${login}`))
        .limit(1);
      // An unknown login is counted too, so both paths cost the same round trip.
      const allowed = await allow(operator ? `account:${operator.id}` : `unknown:${sha256(login)}`);
      // An invited operator chooses a first password through the invitation, not this way.
      if (!operator || !operator.email || operator.disabled || operator.invitedAt || !allowed) return;
      const email = operator.email;
      await db.transaction(async (tx) => {
        await sendResetLinkIn(tx, { ...operator, email }, baseUrl, {
          subject: "Reset your console password",
          intro: `Someone, hopefully you, asked to reset the password of the console account "${operator.username}" at ${baseUrl}.`,
          outro: "If you did not ask, ignore this e-mail: your password stays as it is.",
        });
        await auditOwn(operator, "password_reset_requested", null, { address: ip }, tx);
      });
    },

    /**
     * Sets the password a link was sent for, once: the link is deleted as it is used, and every session of
     * the operator ends in the same transaction (revokeSessionsIn holds the operator's row).
     */
    async reset(input: PasswordReset, ip: string): Promise<{ username: string }> {
      const passwordHash = await hashPassword(input.new_password);
      const notices = await mail?.prepare();
      const username = await db.transaction(async (tx) => {
        const operator = await redeemLinkIn(tx, input.token, "reset");
        if (!operator) return null;
        await tx
          .update(operators)
          .set({ passwordHash, invitedAt: null, updatedAt: new Date() })
          .where(eq(operators.id, operator.id));
        await revokeSessionsIn(tx, operator.id);
        // The link proves the owner's mailbox: it also lifts a lock that wrong second-factor codes set.
        await unlockSecondFactorIn(tx, operator.id);
        await auditOwn(operator, "password_reset", null, { address: ip, sessions_ended: "all" }, tx);
        await notices?.passwordReset(tx, operator, ip);
        return operator.username;
      });
      // A void link found is deleted all the same (the transaction above committed): it can never work later.
      if (!username) throw new DomainError("invalid", RESET_LINK_INVALID);
      return { username };
    },

    /**
     * The link mailed to an old address, within EMAIL_UNDO_DAYS: puts that address back, ends every session,
     * voids reset links, the operator's other undo links (a later change cannot be used to undo this) and the
     * password the change was made with, and mails the restored address a link to set a new one.
     */
    async undoEmailChange(token: string, ip: string): Promise<{ email: string }> {
      // An unusable hash: whoever changed the address may know the password.
      const voidHash = await hashPassword(randomBytes(32).toString("base64url"));
      const baseUrl = (await mail?.prepare())?.base ?? "";
      let restored: string | null;
      try {
        restored = await db.transaction(async (tx) => {
          const [link] = await tx
            .delete(emailChangeUndo)
            .where(eq(emailChangeUndo.tokenHash, emailUndoTokenHash(token)))
            .returning();
          const opened = await openLink(tx, link);
          if (!opened) return null;
          const { operator } = opened;
          const email = opened.link.restoreEmail;
          await tx
            .update(operators)
            .set({ email, passwordHash: voidHash, updatedAt: new Date() })
            .where(eq(operators.id, operator.id));
          // Later changes' links go (they would restore addresses this undo discards); an earlier change's
          // stays, so whoever made two changes cannot cancel the owner's link by undoing their own second one.
          await tx
            .delete(emailChangeUndo)
            .where(and(eq(emailChangeUndo.operatorId, operator.id), gt(emailChangeUndo.id, opened.link.id)));
          await voidResetLinksIn(tx, operator.id);
          await revokeSessionsIn(tx, operator.id);
          await auditOwn(
            operator,
            "email_change_undone",
            { email: operator.email },
            { email, address: ip, sessions_ended: "all", password_voided: true },
            tx,
          );
          await sendResetLinkIn(tx, { ...operator, email, passwordHash: voidHash }, baseUrl, {
            subject: "Set a new password for your console account",
            intro: `The change of the e-mail address of the console account "${operator.username}" at ${baseUrl} was undone: this is its address again, every device signed in to it was signed out, and the password it had no longer works.`,
          });
          return email;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError(
            "conflict",
            "Another operator has this address now, so it cannot be put back. Ask an administrator for help.",
          );
        throw error;
      }
      // A void link found is deleted all the same (the transaction above committed): it can never work later.
      if (!restored) throw new DomainError("invalid", EMAIL_UNDO_INVALID);
      return { email: restored };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
