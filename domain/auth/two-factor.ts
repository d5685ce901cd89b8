import { and, count, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "../../db/client";
import {
  loginThrottle,
  operatorRecoveryCodes,
  operators,
  operatorTwoFactor,
  roleTwoFactorPolicy,
} from "../../db/schema/index";
import {
  FEW_RECOVERY_CODES,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../../schemas/two-factor";
import { roles, type Role } from "../../schemas/operator";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { SecurityMail } from "./security-mail";
import { revokeSessionsIn, type Executor } from "./sessions";
import { createSignInThrottle } from "./throttle";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "./tokens";

export const ISSUER_NAME = "GCC View 360";
export const RECOVERY_CODE_COUNT = 10;
const PERIOD_SECONDS = 30;
const SETUP_TTL_MS = 15 * 60_000;
const CHALLENGE_TTL_SECONDS = 5 * 60;
const CHALLENGE_TYPE = "2fa-challenge+jwt";
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
const CHALLENGE_ENDED = "This sign-in has expired. Enter your username and password again.";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** AES-256-GCM with a key derived from JWT_SECRET; `purpose` keeps stored secrets and setup tokens apart. */
function sealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "gcc-two-factor", purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed: string): string | null {
      if (!sealed.startsWith("v1.")) return null;
      const raw = Buffer.from(sealed.slice(3), "base64url");
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

const totpOf = (base32: string, username = "") =>
  new TOTP({
    issuer: ISSUER_NAME,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** The time step a code belongs to, or null: the current step and one on either side (clock drift). */
function matchingStep(base32: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes: 80 random bits each, shown as four groups of four (lower-case base32). */
function newRecoveryCode(): string {
  const text = new Secret({ size: 10 }).base32.toLowerCase();
  return text.match(/.{4}/g)!.join("-");
}
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Operators who must enrol before they may do anything: their role requires it and they have no factor. */
// Table-qualified by hand: inside a subquery drizzle would render both "role" columns unqualified.
export const needsEnrolmentSql = sql<boolean>`(exists (select 1 from role_two_factor_policy p where p.role = "operators"."role" and p.required) and not exists (select 1 from operator_two_factor f where f.operator_id = "operators"."id"))`;

export const OWN_TWO_FACTOR_RESET =
  "You cannot reset your own two-factor sign-in; another admin can do it for you.";

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

export function createTwoFactorService(
  db: Database,
  options: { secret: string },
  audit?: AuditService,
  mail?: SecurityMail,
) {
  const stored = sealer(options.secret, "totp-secret-v1");
  const setupTokens = sealer(options.secret, "totp-setup-v1");
  const challengeKey = new TextEncoder().encode(options.secret);
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
      who: { operatorId: number; username: string },
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
      await throttle.clearKey(secondFactorKey(who.operatorId));
      const notices = await mail?.prepare();
      return db.transaction(async (tx) => {
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
    async disable(who: Actor, ip: string) {
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
    async regenerateRecoveryCodes(who: { operatorId: number; username: string }, code: string, ip: string) {
      if (!(await this.isEnabled(who.operatorId)))
        throw new DomainError("conflict", "Turn on two-factor sign-in first.");
      await weigh(who, { code }, ip, "recovery_codes");
      return db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, who.operatorId);
        await audit?.record(who, "recovery_codes_regenerated", "operator", who.operatorId, null, {}, tx);
        return codes;
      });
    },

    /** The short-lived proof that the password was right, traded with a second factor for tokens. */
    async challengeFor(operator: { id: number; passwordHash: string }): Promise<string> {
      return new SignJWT({ pwd: sha256(operator.passwordHash).slice(0, 32) })
        .setProtectedHeader({ alg: "HS256", typ: CHALLENGE_TYPE })
        .setSubject(String(operator.id))
        .setAudience(`${TOKEN_AUDIENCE}:second-factor`)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
        .sign(challengeKey);
    },

    /** The operator a challenge was issued for, if it is still valid for their current password. */
    async openChallenge(challenge: string) {
      try {
        const { payload } = await jwtVerify(challenge, challengeKey, {
          algorithms: ["HS256"],
          audience: `${TOKEN_AUDIENCE}:second-factor`,
          issuer: TOKEN_ISSUER,
          typ: CHALLENGE_TYPE,
          requiredClaims: ["sub", "exp"],
        });
        const operatorId = Number(payload.sub);
        const [operator] = await db.select().from(operators).where(eq(operators.id, operatorId));
        if (!operator || operator.disabled || payload.pwd !== sha256(operator.passwordHash).slice(0, 32))
          throw new DomainError("unauthorized", CHALLENGE_ENDED);
        return operator;
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if (error instanceof errors.JOSEError) throw new DomainError("unauthorized", CHALLENGE_ENDED);
        throw error;
      }
    },

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

    /** Which roles must sign in with a second factor. */
    async policy(): Promise<TwoFactorPolicy> {
      const rows = await db.select().from(roleTwoFactorPolicy);
      const policy = Object.fromEntries(roles.map((role) => [role, false])) as TwoFactorPolicy;
      for (const row of rows) policy[row.role] = row.required;
      return policy;
    },

    async setPolicy(by: Actor, next: TwoFactorPolicy): Promise<TwoFactorPolicy> {
      const before = await this.policy();
      await db.transaction(async (tx) => {
        for (const role of roles as readonly Role[])
          await tx
            .insert(roleTwoFactorPolicy)
            .values({ role, required: next[role] })
            .onConflictDoUpdate({
              target: roleTwoFactorPolicy.role,
              set: { required: next[role], updatedAt: new Date() },
            });
        await audit?.record(by, "update", "two_factor_policy", "roles", before, next, tx);
      });
      return next;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
