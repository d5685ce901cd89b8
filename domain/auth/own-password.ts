import { and, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { operatorSessions, operators } from "#db/schema/index.ts";
import type { PasswordChange, Reauth } from "#schemas/auth.ts";
import type { AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { hashPassword, verifyPassword } from "../operators/service";
import type { SecurityMail } from "./security-mail";
import { REAUTH_WINDOW_MS, WRONG_PASSWORD_AGAIN, type AuthenticatedOperator } from "./service";
import { holdLiveSessionIn, revokeSessionsIn } from "./sessions";
import { createSignInThrottle } from "./throttle";
import type { createTokenSigner } from "./tokens";
import type { TwoFactorService } from "./two-factor";

const actor = (operator: { id: number; username: string }) => ({
  operatorId: operator.id,
  username: operator.username,
});
const actorOf = (who: AuthenticatedOperator) => ({ operatorId: who.operatorId, username: who.username });

export const PASSWORD_CHANGED_MEANWHILE =
  "Your password was changed while this change was being saved, so it was not saved. Sign in with the new password.";

/** What a signed-in operator does with their own password: confirm it ("sudo mode") and change it. */
export function createOwnPasswordService(
  db: Database,
  signer: ReturnType<typeof createTokenSigner>,
  audit?: AuditService,
  twoFactor?: TwoFactorService,
  mail?: SecurityMail,
) {
  const throttle = createSignInThrottle(db);

  /**
   * The signed-in operator's password, given again (a password change, a confirmation): throttled like a
   * sign-in; a wrong one is invalid by `field`. Answers the operator's row.
   */
  async function checkOwnPassword(
    who: AuthenticatedOperator,
    password: string,
    ip: string,
    field: string,
    wrong: string,
  ) {
    const reservation = await throttle.reserve(who.username, ip);
    if (!reservation.ok) {
      const wait = reservation.waitSeconds;
      throw new DomainError(
        "rate_limited",
        `Too many wrong passwords. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
      );
    }
    const [operator] = await db.select().from(operators).where(eq(operators.id, who.operatorId));
    if (!operator || !(await verifyPassword(operator.passwordHash, password)))
      throw new DomainError("invalid", wrong, { fields: { [field]: wrong } });
    await throttle.succeeded(reservation.attempt);
    return operator;
  }

  return {
    /**
     * "Sudo mode": the password (or, with two-factor on, a current code) confirms that the operator is at the
     * keyboard of this session. The moment is recorded on the session, and only the token answered here (and
     * the session's refreshes after it) may change sign-in details for the next REAUTH_MINUTES: a token
     * copied earlier never can.
     */
    async reauthenticate(
      who: AuthenticatedOperator,
      input: Reauth,
      ip: string,
    ): Promise<{ accessToken: string; validUntil: Date; method: "password" | "totp" }> {
      const method = input.password !== undefined ? "password" : "totp";
      if (input.password !== undefined) {
        await checkOwnPassword(who, input.password, ip, "password", WRONG_PASSWORD_AGAIN);
      } else {
        if (!twoFactor) throw new DomainError("conflict", "Two-factor sign-in is not available.");
        await twoFactor.confirm(actorOf(who), input.code!, ip);
      }
      const at = new Date();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(operatorSessions)
          .set({ reauthenticatedAt: at })
          .where(
            and(eq(operatorSessions.familyId, who.familyId), eq(operatorSessions.operatorId, who.operatorId)),
          )
          .returning({ id: operatorSessions.id });
        if (updated.length === 0) throw new DomainError("unauthorized", "Unauthorized");
        await audit?.record(
          actorOf(who),
          "reauthenticated",
          "session",
          who.familyId,
          null,
          { method, address: ip },
          tx,
        );
      });
      const accessToken = await signer.sign({
        operatorId: who.operatorId,
        username: who.username,
        role: who.role,
        familyId: who.familyId,
        reauthAt: at.getTime(),
      });
      return { accessToken, validUntil: new Date(at.getTime() + REAUTH_WINDOW_MS), method };
    },

    /**
     * The operator's own password change: the current password is checked and throttled like a sign-in,
     * and every other session ends in the transaction that stores the new hash.
     */
    async changePassword(who: AuthenticatedOperator, change: PasswordChange, ip: string) {
      const operator = await checkOwnPassword(
        who,
        change.current_password,
        ip,
        "current_password",
        "Your current password is not correct.",
      );
      const passwordHash = await hashPassword(change.new_password);
      const notices = await mail?.prepare();
      await db.transaction(async (tx) => {
        // Under the operator's row lock: a reset, an admin or another tab that changed the password or ended
        // this session while it was checked and hashed wins, or the change would undo their recovery.
        await holdLiveSessionIn(tx, operator.id, who.familyId);
        const [now] = await tx
          .select({ passwordHash: operators.passwordHash })
          .from(operators)
          .where(eq(operators.id, operator.id));
        if (now?.passwordHash !== operator.passwordHash)
          throw new DomainError("conflict", PASSWORD_CHANGED_MEANWHILE);
        await revokeSessionsIn(tx, operator.id, who.familyId);
        await tx
          .update(operators)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(operators.id, operator.id));
        await audit?.record(
          actor(operator),
          "password_change",
          "operator",
          operator.id,
          null,
          {
            other_sessions_ended: true,
          },
          tx,
        );
        await notices?.passwordChanged(tx, operator, ip);
      });
    },
  };
}
