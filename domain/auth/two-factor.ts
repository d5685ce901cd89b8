import { eq, inArray } from "drizzle-orm";
import { Secret } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "#db/client.ts";
import { operatorRecoveryCodes, operators, operatorTwoFactor } from "#db/schema/index.ts";
import { FEW_RECOVERY_CODES, type TwoFactorSetup, type TwoFactorStatus } from "#schemas/two-factor.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { actorStillAdminIn } from "../operators/service";
import { createSecondFactorCheck, WRONG_CODE } from "./second-factor";
import type { SecurityMail } from "./security-mail";
import { holdLiveSessionIn, revokeSessionsIn, type Executor } from "./sessions";
import { createSignInChallenges } from "./two-factor-challenge";
import { createTwoFactorPolicy, needsEnrolmentSql } from "./two-factor-policy";
import { matchingStep, sealer, totpOf } from "./totp";

const SETUP_TTL_MS = 15 * 60_000;
/** The signed-in operator and their session: a change is refused once the session has ended. */
type SessionOf = Actor & { familyId: string };
export const OWN_TWO_FACTOR_RESET =
  "You cannot reset your own two-factor sign-in; another admin can do it for you.";

export function createTwoFactorService(
  db: Database,
  options: { secret: string },
  audit?: AuditService,
  mail?: SecurityMail,
) {
  const stored = sealer(options.secret, "totp-secret-v1");
  const setupTokens = sealer(options.secret, "totp-setup-v1");
  const check = createSecondFactorCheck(db, stored, audit, mail);
  const { recoveryCodesLeft, replaceRecoveryCodes, reserve, recipientOf, weigh } = check;

  return {
    ...createTwoFactorPolicy(db, audit),
    recoveryCodesLeft,

    async isEnabled(operatorId: number, via: Executor = db): Promise<boolean> {
      const [row] = await via
        .select({ id: operatorTwoFactor.operatorId })
        .from(operatorTwoFactor)
        .where(eq(operatorTwoFactor.operatorId, operatorId));
      return row !== undefined;
    },

    /** Which of these operators have a second factor (the Operators screen shows it). */
    async enabledAmong(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: operatorTwoFactor.operatorId })
        .from(operatorTwoFactor)
        .where(inArray(operatorTwoFactor.operatorId, ids));
      return new Set(rows.map((row) => row.id));
    },

    /** Whether this operator may only enrol (their role requires a second factor they have not set up). */
    async needsEnrolment(operatorId: number, via: Executor = db): Promise<boolean> {
      const [row] = await via
        .select({ needs: needsEnrolmentSql })
        .from(operators)
        .where(eq(operators.id, operatorId));
      return row?.needs === true;
    },

    async status(operatorId: number): Promise<TwoFactorStatus> {
      const [row] = await db
        .select({
          role: operators.role,
          enabledAt: operatorTwoFactor.enabledAt,
          needs: needsEnrolmentSql,
        })
        .from(operators)
        .leftJoin(operatorTwoFactor, eq(operatorTwoFactor.operatorId, operators.id))
        .where(eq(operators.id, operatorId));
      if (!row) throw new DomainError("not_found", "Operator not found");
      const policy = await this.policy();
      const left = row.enabledAt ? await recoveryCodesLeft(operatorId) : 0;
      return {
        enabled: row.enabledAt !== null,
        enabled_at: row.enabledAt?.toISOString() ?? null,
        required: policy[row.role],
        enrolment_required: row.needs === true,
        recovery_codes_left: left,
        few_recovery_codes: row.enabledAt !== null && left <= FEW_RECOVERY_CODES,
      };
    },

    /** A new secret for the authenticator app; nothing is stored until a code from it is confirmed. */
    async beginSetup(who: { operatorId: number; username: string }): Promise<TwoFactorSetup> {
      if (await this.isEnabled(who.operatorId))
        throw new DomainError("conflict", "Two-factor sign-in is already on for your account.");
      const secret = new Secret({ size: 20 }).base32;
      const uri = totpOf(secret, who.username).toString();
      const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
      const setup_token = setupTokens.seal(
        JSON.stringify({ op: who.operatorId, s: secret, exp: Date.now() + SETUP_TTL_MS }),
      );
      return {
        secret,
        otpauth_uri: uri,
        qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
        setup_token,
      };
    },

    /**
     * Turns two-factor sign-in on once a code from the new secret is right: the secret is stored (encrypted)
     * with the code's step as used, and ten recovery codes are answered, this once.
     */
    async enable(
      who: SessionOf,
      input: { setup_token: string; code: string },
      ip: string,
    ): Promise<string[]> {
      const opened = setupTokens.open(input.setup_token);
      const setup = opened ? (JSON.parse(opened) as { op: number; s: string; exp: number }) : null;
      if (!setup || setup.op !== who.operatorId || setup.exp < Date.now())
        throw new DomainError("invalid", "This set-up has expired. Start again to get a new key.", {
          fields: {
            setup_token: "This set-up has expired. Start again to get a new key.",
          },
        });
      // Enrolment has no factor to lock yet: its wrong codes are only held back.
      await reserve(who.operatorId);
      const step = matchingStep(setup.s, input.code, Date.now());
      if (step === null) {
        await audit?.record(who, "two_factor_failed", "operator", who.operatorId, null, {
          during: "enrolment",
          address: ip,
        });
        throw new DomainError("invalid", WRONG_CODE, { fields: { code: WRONG_CODE } });
      }
      await check.forgetFailures(who.operatorId);
      const notices = await mail?.prepare();
      return db.transaction(async (tx) => {
        // A session ended while the code was checked (a reset link, an undone e-mail change) enrols nothing.
        await holdLiveSessionIn(tx, who.operatorId, who.familyId);
        const inserted = await tx
          .insert(operatorTwoFactor)
          .values({ operatorId: who.operatorId, secretEncrypted: stored.seal(setup.s), lastStep: step })
          .onConflictDoNothing()
          .returning({ id: operatorTwoFactor.operatorId });
        if (inserted.length === 0)
          throw new DomainError("conflict", "Two-factor sign-in is already on for your account.");
        const codes = await replaceRecoveryCodes(tx, who.operatorId);
        await audit?.record(
          who,
          "two_factor_enabled",
          "operator",
          who.operatorId,
          null,
          { method: "totp" },
          tx,
        );
        await notices?.twoFactorOn(tx, await recipientOf(who.operatorId, tx), ip);
        return codes;
      });
    },

    /** The operator turns their own second factor off (a confirmed session); not while their role requires one. */
    async disable(who: SessionOf, ip: string) {
      const [row] = await db
        .select({ role: operators.role })
        .from(operators)
        .where(eq(operators.id, who.operatorId));
      if (!row) throw new DomainError("not_found", "Operator not found");
      if ((await this.policy())[row.role])
        throw new DomainError(
          "conflict",
          "Your role requires two-factor sign-in, so it cannot be turned off. If you lost your phone, an administrator can reset it.",
        );
      const notices = await mail?.prepare();
      await db.transaction(async (tx) => {
        await holdLiveSessionIn(tx, who.operatorId, who.familyId);
        const removed = await tx
          .delete(operatorTwoFactor)
          .where(eq(operatorTwoFactor.operatorId, who.operatorId))
          .returning({ id: operatorTwoFactor.operatorId });
        if (removed.length === 0)
          throw new DomainError("conflict", "Two-factor sign-in is already off for your account.");
        await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, who.operatorId));
        await audit?.record(
          who,
          "two_factor_disabled",
          "operator",
          who.operatorId,
          null,
          { address: ip },
          tx,
        );
        await notices?.twoFactorOff(tx, await recipientOf(who.operatorId, tx), { ip });
      });
    },

    /** A current code confirms the operator's session ("sudo mode"); it counts toward the lock like a sign-in. */
    async confirm(who: Actor, code: string, ip: string) {
      if (!(await this.isEnabled(who.operatorId)))
        throw new DomainError(
          "conflict",
          "Two-factor sign-in is off for your account: confirm with your password.",
        );
      await weigh(who, { code }, ip, "reauth");
    },

    /** Ten new recovery codes (the old ones stop working); a current code proves the authenticator is at hand. */
    async regenerateRecoveryCodes(who: SessionOf, code: string, ip: string) {
      if (!(await this.isEnabled(who.operatorId)))
        throw new DomainError("conflict", "Turn on two-factor sign-in first.");
      await weigh(who, { code }, ip, "recovery_codes");
      return db.transaction(async (tx) => {
        await holdLiveSessionIn(tx, who.operatorId, who.familyId);
        const codes = await replaceRecoveryCodes(tx, who.operatorId);
        await audit?.record(who, "recovery_codes_regenerated", "operator", who.operatorId, null, {}, tx);
        return codes;
      });
    },

    ...createSignInChallenges(db, options.secret),

    /**
     * Checks the second factor of a sign-in: a TOTP code (once) or an unused recovery code, throttled like a
     * password. Failures and recovery-code use are audited, never with the code.
     */
    async verify(
      operator: { id: number; username: string },
      input: { code?: string; recovery_code?: string },
      ip: string,
    ): Promise<{ method: "totp" | "recovery_code"; recoveryCodesLeft: number }> {
      const who = { operatorId: operator.id, username: operator.username };
      const method = await weigh(who, input, ip, "sign_in");
      const left = await recoveryCodesLeft(operator.id);
      if (method === "recovery_code") {
        const notices = await mail?.prepare();
        await db.transaction(async (tx) => {
          await audit?.record(
            who,
            "recovery_code_used",
            "operator",
            operator.id,
            null,
            { recovery_codes_left: left, address: ip },
            tx,
          );
          await notices?.recoveryCodeUsed(tx, await recipientOf(operator.id, tx), { ip, left });
        });
      }
      return { method, recoveryCodesLeft: left };
    },

    /** An admin turns another operator's second factor off: they enrol again, and every session ends. */
    async reset(by: Actor, operatorId: number, ip: string) {
      // A stolen admin session must not be enough to strip that admin's own second factor.
      if (by.operatorId === operatorId) throw new DomainError("forbidden", OWN_TWO_FACTOR_RESET);
      const notices = await mail?.prepare();
      await db.transaction(async (tx) => {
        // An admin disabled or demoted while this was on its way strips no colleague's factor.
        await actorStillAdminIn(tx, by, operatorId);
        const [operator] = await tx
          .select({ id: operators.id })
          .from(operators)
          .where(eq(operators.id, operatorId));
        if (!operator) throw new DomainError("not_found", "Operator not found");
        const removed = await tx
          .delete(operatorTwoFactor)
          .where(eq(operatorTwoFactor.operatorId, operatorId))
          .returning({ id: operatorTwoFactor.operatorId });
        if (removed.length === 0)
          throw new DomainError(
            "conflict",
            "This operator has not turned on two-factor sign-in; there is nothing to reset.",
          );
        await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
        await revokeSessionsIn(tx, operatorId);
        await audit?.record(
          by,
          "two_factor_reset",
          "operator",
          operatorId,
          null,
          { sessions_ended: true },
          tx,
        );
        await notices?.twoFactorOff(tx, await recipientOf(operatorId, tx), { ip, by: by.username });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
