import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { loginThrottle, operatorRecoveryCodes, operators, operatorTwoFactor } from "#db/schema/index.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { SecurityMail } from "./security-mail";
import type { Executor } from "./sessions";
import { createSignInThrottle } from "./throttle";
import { matchingStep, newRecoveryCode, normaliseRecoveryCode, sha256, type sealer } from "./totp";

export const RECOVERY_CODE_COUNT = 10;
export const WRONG_CODE = "That code is not correct. Enter the current code from your authenticator app.";
export const WRONG_RECOVERY_CODE = "That recovery code is not correct or has been used already.";
/**
 * Wrong second-factor codes in a row after which the account's codes are refused until its owner (a recovery
 * code, a password reset) or an admin unlocks it. NIST SP 800-63B allows up to 100; with three codes valid
 * at a time (clock drift), 10 guesses succeed with a chance of 3 in 100,000, and a person who mistypes
 * rarely gets 10 wrong without one right.
 */
export const TWO_FACTOR_LOCK_AFTER = 10;
export const TWO_FACTOR_LOCKED =
  "Two-factor sign-in to this account is locked after too many wrong codes. Sign in with a recovery code, set a new password with Forgot password?, or ask an administrator.";
/** Where a second factor is weighed: its failures are unauthorized at sign-in, invalid in a form of the console. */
type During = "sign_in" | "reauth" | "recovery_codes";

/** The throttle key of an account's second factor: its failures belong to the account, not to an address. */
const secondFactorKey = (operatorId: number) => `2fa:${operatorId}`;

/** Unlocks the account's second factor and forgets its wrong codes (the owner's password reset), in `tx`. */
export async function unlockSecondFactorIn(tx: Executor, operatorId: number) {
  await tx
    .update(operatorTwoFactor)
    .set({ failedAttempts: 0, lockedAt: null })
    .where(eq(operatorTwoFactor.operatorId, operatorId));
  await tx.delete(loginThrottle).where(eq(loginThrottle.key, secondFactorKey(operatorId)));
}

/**
 * How a second factor is weighed and its codes kept: TOTP codes accepted once, recovery codes spent once,
 * wrong codes throttled and counted toward the account's lock.
 */
export function createSecondFactorCheck(
  db: Database,
  stored: ReturnType<typeof sealer>,
  audit?: AuditService,
  mail?: SecurityMail,
) {
  const throttle = createSignInThrottle(db);

  async function recoveryCodesLeft(operatorId: number, via: Executor = db) {
    const [row] = await via
      .select({ n: count() })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /** Replaces the operator's recovery codes with ten new ones; answers them in plain text, this once. */
  async function replaceRecoveryCodes(tx: Executor, operatorId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    await tx
      .insert(operatorRecoveryCodes)
      .values(codes.map((code) => ({ operatorId, codeHash: sha256(normaliseRecoveryCode(code)) })));
    return codes;
  }

  /**
   * Wrong codes are held back like wrong passwords (five free, then a growing wait), under the account's own
   * key: a correct password does not clear it, and another account behind the same address is not slowed.
   */
  async function reserve(operatorId: number) {
    const wait = await throttle.reserveKey(secondFactorKey(operatorId));
    if (wait > 0)
      throw new DomainError(
        "rate_limited",
        `Too many wrong codes. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
      );
  }

  async function recipientOf(operatorId: number, via: Executor = db) {
    const [row] = await via
      .select({ username: operators.username, email: operators.email })
      .from(operators)
      .where(eq(operators.id, operatorId));
    return row ?? { username: "", email: null };
  }

  /**
   * Counts a wrong code (TOTP or recovery) against the account; the one that reaches the cap locks its TOTP
   * codes, is audited and mails the owner (once: only one request sets the lock). True once locked.
   */
  async function countFailure(who: Actor, ip: string): Promise<boolean> {
    const [row] = await db
      .update(operatorTwoFactor)
      .set({ failedAttempts: sql`${operatorTwoFactor.failedAttempts} + 1` })
      .where(eq(operatorTwoFactor.operatorId, who.operatorId))
      .returning({ failures: operatorTwoFactor.failedAttempts, lockedAt: operatorTwoFactor.lockedAt });
    if (!row || row.failures < TWO_FACTOR_LOCK_AFTER) return false;
    if (row.lockedAt) return true;
    const notices = await mail?.prepare();
    await db.transaction(async (tx) => {
      const locked = await tx
        .update(operatorTwoFactor)
        .set({ lockedAt: new Date() })
        .where(and(eq(operatorTwoFactor.operatorId, who.operatorId), isNull(operatorTwoFactor.lockedAt)))
        .returning({ id: operatorTwoFactor.operatorId });
      if (locked.length === 0) return;
      const detail = { failures: row.failures, address: ip };
      await audit?.record(who, "two_factor_locked", "operator", who.operatorId, null, detail, tx);
      await notices?.twoFactorLocked(tx, await recipientOf(who.operatorId, tx), {
        ip,
        failures: row.failures,
      });
    });
    return true;
  }

  /**
   * Weighs a second factor: throttled per account; a TOTP code is refused while the account is locked; a
   * wrong one counts toward the lock; a right one (a recovery code too) clears the count and the lock.
   */
  async function weigh(
    who: Actor,
    input: { code?: string; recovery_code?: string },
    ip: string,
    during: During,
  ): Promise<"totp" | "recovery_code"> {
    await reserve(who.operatorId);
    const method = input.recovery_code ? "recovery_code" : "totp";
    if (method === "totp" && (await isLocked(who.operatorId)))
      throw new DomainError("forbidden", TWO_FACTOR_LOCKED);
    const ok =
      method === "recovery_code"
        ? await spendRecoveryCode(who.operatorId, input.recovery_code!)
        : await acceptCode(who.operatorId, input.code ?? "");
    if (!ok) {
      await audit?.record(who, "two_factor_failed", "operator", who.operatorId, null, {
        during,
        ...(during === "sign_in" ? { method } : {}),
        address: ip,
      });
      if ((await countFailure(who, ip)) && method === "totp")
        throw new DomainError("forbidden", TWO_FACTOR_LOCKED);
      const message = method === "recovery_code" ? WRONG_RECOVERY_CODE : WRONG_CODE;
      throw new DomainError(during === "sign_in" ? "unauthorized" : "invalid", message, {
        fields: {
          [method === "recovery_code" ? "recovery_code" : "code"]: message,
        },
      });
    }
    await throttle.clearKey(secondFactorKey(who.operatorId));
    await db
      .update(operatorTwoFactor)
      .set({ failedAttempts: 0, lockedAt: null })
      .where(eq(operatorTwoFactor.operatorId, who.operatorId));
    return method;
  }

  async function isLocked(operatorId: number): Promise<boolean> {
    const [row] = await db
      .select({ lockedAt: operatorTwoFactor.lockedAt })
      .from(operatorTwoFactor)
      .where(eq(operatorTwoFactor.operatorId, operatorId));
    return row?.lockedAt != null;
  }

  /** Accepts a TOTP code once: the step is stored, and a code of that step or an earlier one fails. */
  async function acceptCode(operatorId: number, code: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(operatorTwoFactor)
      .where(eq(operatorTwoFactor.operatorId, operatorId));
    const base32 = row ? stored.open(row.secretEncrypted) : null;
    if (!row || !base32) return false;
    const step = matchingStep(base32, code, Date.now());
    if (step === null) return false;
    // Compare-and-set: of two requests with one code, only one moves the step forward.
    const moved = await db
      .update(operatorTwoFactor)
      .set({ lastStep: step })
      .where(and(eq(operatorTwoFactor.operatorId, operatorId), lt(operatorTwoFactor.lastStep, step)))
      .returning({ id: operatorTwoFactor.operatorId });
    return moved.length === 1;
  }

  async function spendRecoveryCode(operatorId: number, code: string): Promise<boolean> {
    const hash = sha256(normaliseRecoveryCode(code));
    const used = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operatorId),
          eq(operatorRecoveryCodes.codeHash, hash),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    return used.length === 1;
  }

  return {
    recoveryCodesLeft,
    replaceRecoveryCodes,
    reserve,
    recipientOf,
    weigh,
    /** Forgets the account's wrong codes (a right code at enrolment). */
    forgetFailures: (operatorId: number) => throttle.clearKey(secondFactorKey(operatorId)),
  };
}
