import { eq, or, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { operators, passwordResetTokens } from "../../db/schema/index";
import { RESET_LINK_INVALID, RESET_LINK_MINUTES, type PasswordReset } from "../../schemas/password-reset";
import type { AuditService } from "../audit/service";
import { HttpError } from "../errors";
import { enqueueMail } from "../notifications/outbox";
import { hashPassword } from "../operators/service";
import { revokeSessionsIn } from "./sessions";

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

export function createPasswordResetService(db: Database, audit?: AuditService) {
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
      if (!operator || !operator.email || operator.disabled || !allowed) return;
      const token = randomBytes(32).toString("base64url");
      const values = {
        operatorId: operator.id,
        tokenHash: resetTokenHash(token),
        passwordFingerprint: passwordFingerprint(operator.passwordHash),
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
        createdAt: new Date(),
      };
      const link = resetLink(baseUrl, token);
      await db.transaction(async (tx) => {
        // One link per operator: a newer one replaces (voids) the older.
        await tx
          .insert(passwordResetTokens)
          .values(values)
          .onConflictDoUpdate({ target: passwordResetTokens.operatorId, set: values });
        await enqueueMail(tx, {
          to: operator.email!,
          subject: "Reset your console password",
          text: [
            `Someone, hopefully you, asked to reset the password of the console account "${operator.username}" at ${baseUrl}.`,
            "",
            `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
            link,
            "",
            "The link works once, and every device signed in to the account is signed out when the password changes.",
            "If you did not ask, ignore this e-mail: your password stays as it is.",
          ].join("\n"),
        });
        await audit?.record(
          { operatorId: operator.id, username: operator.username },
          "password_reset_requested",
          "operator",
          operator.id,
          null,
          { address: ip },
          tx,
        );
      });
    },

    /**
     * Sets the password a link was sent for, once: the link is deleted as it is used, and every session of
     * the operator ends in the same transaction (revokeSessionsIn holds the operator's row).
     */
    async reset(input: PasswordReset, ip: string): Promise<{ username: string }> {
      const passwordHash = await hashPassword(input.new_password);
      const tokenHash = resetTokenHash(input.token);
      const username = await db.transaction(async (tx) => {
        const [link] = await tx
          .delete(passwordResetTokens)
          .where(eq(passwordResetTokens.tokenHash, tokenHash))
          .returning();
        if (!link || link.expiresAt.getTime() <= Date.now()) return null;
        const [operator] = await tx
          .select()
          .from(operators)
          .where(eq(operators.id, link.operatorId))
          .for("update");
        if (
          !operator ||
          operator.disabled ||
          passwordFingerprint(operator.passwordHash) !== link.passwordFingerprint
        )
          return null;
        await tx
          .update(operators)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(operators.id, operator.id));
        await revokeSessionsIn(tx, operator.id);
        await audit?.record(
          { operatorId: operator.id, username: operator.username },
          "password_reset",
          "operator",
          operator.id,
          null,
          { address: ip, sessions_ended: "all" },
          tx,
        );
        return operator.username;
      });
      // A void link found is deleted all the same (the transaction above committed): it can never work later.
      if (!username) throw new HttpError(400, RESET_LINK_INVALID);
      return { username };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
