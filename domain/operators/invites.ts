import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Database } from "#db/client.ts";
import { operators, passwordResetTokens, roleTwoFactorPolicy } from "#db/schema/index.ts";
import {
  INVITE_LINK_HOURS,
  INVITE_LINK_INVALID,
  operatorInviteSchema,
  type InviteAccept,
  type OperatorInvite,
  type OperatorSummary,
} from "#schemas/operator.ts";
import type { Actor, AuditService } from "../audit/service";
import { redeemLinkIn, storeLinkIn } from "../auth/password-reset";
import { revokeSessionsIn } from "../auth/sessions";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { enqueueMail } from "../notifications/outbox";
import { actorStillAdminIn, EMAIL_TAKEN, hashPassword, operatorSummary } from "./service";

type OperatorRow = typeof operators.$inferSelect;

/** The console page an invitation opens; the token rides in the fragment, so it never reaches a server log. */
export const inviteLink = (baseUrl: string, token: string) =>
  `${baseUrl}/dashboard/accept-invite#token=${token}`;

const NOT_INVITED = "This operator has chosen a password already: there is no invitation to send or cancel.";

/**
 * Operators invited by e-mail instead of being handed a password: the account exists from the invitation
 * on (its name taken, its password unusable), and the operator chooses the password through a one-time
 * link (the reset links' table and rules, with `purpose` "invite"). A newer invitation voids the older;
 * so do disabling the operator, cancelling (which deletes the account that was never used) and using it.
 */
export function createInviteService(db: Database, audit?: AuditService) {
  const auditAs = (
    actor: Actor,
    action: "operator_invited" | "invite_resent" | "invite_cancelled" | "invite_accepted",
    row: Pick<OperatorRow, "id" | "username" | "email" | "role">,
    detail: Record<string, unknown>,
    tx: Database,
  ) =>
    audit?.record(
      actor,
      action,
      "operator",
      row.id,
      null,
      { username: row.username, email: row.email, role: row.role, ...detail },
      tx,
    );

  /** Stores a new link for an invited operator and queues the invitation, in `tx`. */
  async function sendIn(tx: Database, row: OperatorRow, by: string, baseUrl: string) {
    const minutes = INVITE_LINK_HOURS * 60;
    const { token, expiresAt } = await storeLinkIn(tx, row, "invite", minutes);
    const [policy] = await tx
      .select({ required: roleTwoFactorPolicy.required })
      .from(roleTwoFactorPolicy)
      .where(eq(roleTwoFactorPolicy.role, row.role));
    await enqueueMail(tx, {
      to: row.email!,
      subject: "You are invited to the GCC View 360 console",
      text: [
        `${by} invited you to the console at ${baseUrl} as ${row.role === "admin" ? "an administrator" : "an editor"}. Your username is "${row.username}".`,
        "",
        `To choose your password, open this link within ${INVITE_LINK_HOURS} hours:`,
        inviteLink(baseUrl, token),
        "",
        policy?.required
          ? "Your role signs in with a code from an authenticator app as well: after choosing the password you set it up, before anything else."
          : "Once you have chosen a password, you are signed in.",
        "The link works once. If you did not expect this invitation, ignore this e-mail.",
      ].join("\n"),
    });
    return expiresAt;
  }

  /** The invited operator, locked, with an acting admin still an admin; refuses one who has a password. */
  async function invitedIn(tx: Database, actor: Actor, id: number) {
    await actorStillAdminIn(tx, actor, id);
    const [row] = await tx.select().from(operators).where(eq(operators.id, id));
    if (!row) throw new DomainError("not_found", "Operator not found");
    if (!row.invitedAt) throw new DomainError("conflict", NOT_INVITED);
    return row;
  }

  return {
    async invite(actor: Actor, input: OperatorInvite, baseUrl: string): Promise<OperatorSummary> {
      const data = operatorInviteSchema.parse(input);
      // Unusable until the operator chooses a password: nobody knows this one.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      try {
        return await db.transaction(async (tx) => {
          await actorStillAdminIn(tx, actor, actor.operatorId);
          const [row] = await tx
            .insert(operators)
            .values({ ...data, passwordHash, invitedAt: new Date() })
            .onConflictDoNothing({ target: operators.username })
            .returning();
          if (!row) {
            const message = `An operator named "${data.username}" already exists`;
            throw new DomainError("conflict", message, { fields: { username: message } });
          }
          const expiresAt = await sendIn(tx, row, actor.username, baseUrl);
          await auditAs(actor, "operator_invited", row, { link_expires_at: expiresAt.toISOString() }, tx);
          return operatorSummary(row);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError("conflict", EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
        throw error;
      }
    },

    /** A new link (the older one stops working) and a new mail, for another INVITE_LINK_HOURS. */
    async resend(actor: Actor, id: number, baseUrl: string): Promise<{ username: string; expiresAt: Date }> {
      return db.transaction(async (tx) => {
        const row = await invitedIn(tx, actor, id);
        if (row.disabled)
          throw new DomainError("conflict", `${row.username} is disabled: enable the account first.`);
        if (!row.email)
          throw new DomainError("conflict", `${row.username} has no e-mail address: add one first.`);
        const expiresAt = await sendIn(tx, row, actor.username, baseUrl);
        await auditAs(actor, "invite_resent", row, { link_expires_at: expiresAt.toISOString() }, tx);
        return { username: row.username, expiresAt };
      });
    },

    /** Withdraws an invitation: the account, never used, is deleted with its link; the name is free again. */
    async cancel(actor: Actor, id: number): Promise<{ username: string }> {
      return db.transaction(async (tx) => {
        const row = await invitedIn(tx, actor, id);
        await auditAs(actor, "invite_cancelled", row, {}, tx);
        await tx.delete(operators).where(eq(operators.id, id));
        return { username: row.username };
      });
    },

    /**
     * The invited operator chooses a password through the link, once: the link is deleted as it is used,
     * and the account is an ordinary one from then on (a role that requires two-factor sets it up at sign-in).
     */
    async accept(input: InviteAccept, ip: string): Promise<{ username: string }> {
      const passwordHash = await hashPassword(input.new_password);
      const username = await db.transaction(async (tx) => {
        const operator = await redeemLinkIn(tx, input.token, "invite");
        if (!operator?.invitedAt) return null;
        await tx
          .update(operators)
          .set({ passwordHash, invitedAt: null, updatedAt: new Date() })
          .where(eq(operators.id, operator.id));
        await revokeSessionsIn(tx, operator.id);
        await auditAs(
          { operatorId: operator.id, username: operator.username },
          "invite_accepted",
          operator,
          { address: ip },
          tx,
        );
        return operator.username;
      });
      // A void link found is deleted all the same (the transaction above committed): it can never work later.
      if (!username) throw new DomainError("invalid", INVITE_LINK_INVALID);
      return { username };
    },

    /** When each invited operator's link stops working (none: voided, e.g. by a change of address). */
    async linksOf(ids: number[]): Promise<Map<number, Date>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: passwordResetTokens.operatorId, expiresAt: passwordResetTokens.expiresAt })
        .from(passwordResetTokens)
        .innerJoin(operators, eq(operators.id, passwordResetTokens.operatorId))
        .where(
          and(
            inArray(passwordResetTokens.operatorId, ids),
            eq(passwordResetTokens.purpose, "invite"),
            isNotNull(operators.invitedAt),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.expiresAt]));
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
