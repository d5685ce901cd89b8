import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { operatorSessions, operators, refreshTokens } from "../../db/schema/index";
import type { Device, PasswordChange, Reauth } from "../../schemas/auth";
import { REAUTH_MINUTES } from "../../shared/auth";
import type { Role } from "../../schemas/operator";
import type { AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { hashPassword, verifyPassword } from "../operators/service";
import type { SecurityMail } from "./security-mail";
import { describeUserAgent } from "./user-agent";
import { revokeSessionsIn, shareOperator, type Executor } from "./sessions";
import { createSignInThrottle } from "./throttle";
import { createTokenSigner, type AccessClaims } from "./tokens";
import { needsEnrolmentSql, type TwoFactorService } from "./two-factor";

export { FREE_FAILURES, lockSeconds } from "./throttle";
export const WRONG_CREDENTIALS = "Incorrect username or password.";

export interface AuthOptions {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  operator: { id: number; username: string; role: Role };
}

/** A refresh answer: `refreshToken` is null when the presented token was just rotated by a sibling tab. */
export type Refreshed = Omit<Session, "refreshToken"> & { refreshToken: string | null };

/**
 * How long the token a refresh has just replaced is still accepted: two console tabs (or a tab whose
 * lock-free fallback raced) present one cookie at once; a replay later than this ends the family.
 */
export const PREVIOUS_TOKEN_GRACE_MS = 5_000;

/**
 * Who a request is from; `enrolmentOnly`: their role requires a second factor they have not set up yet;
 * `reauthenticated`: the session confirmed the password (or a code) in the last REAUTH_MINUTES and this
 * token was minted by that confirmation or a refresh after it ("sudo mode").
 */
export type AuthenticatedOperator = AccessClaims & { enrolmentOnly?: boolean; reauthenticated?: boolean };

export const REAUTH_WINDOW_MS = REAUTH_MINUTES * 60_000;
export const WRONG_PASSWORD_AGAIN = "That password is not correct.";

/** The password step: tokens, or (the account has a second factor) a challenge to complete first. */
export type LoginOutcome =
  | { kind: "session"; session: Session; enrolmentRequired: boolean }
  | { kind: "second_factor"; challenge: string };

// Advisory locks of refresh-token families live under this first key (the two-key form keeps them apart
// from the one-key migration lock); the second key is a hash of the family id.
const FAMILY_LOCK_SPACE = 736_036;

/** Serialises everything that reads or changes one token family until the transaction ends. */
async function lockFamily(tx: Executor, familyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FAMILY_LOCK_SPACE}, hashtext(${familyId}))`);
}

/** The token a rotation replaced moments ago, presented again by a sibling tab, is the family's latest used one. */
async function isJustReplaced(tx: Executor, token: typeof refreshTokens.$inferSelect, now: number) {
  if (!token.usedAt || now - token.usedAt.getTime() > PREVIOUS_TOKEN_GRACE_MS) return false;
  const [later] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, token.familyId), gt(refreshTokens.usedAt, token.usedAt)))
    .limit(1);
  return later === undefined;
}

async function revokeFamilyIn(tx: Executor, familyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

const claimsOf = (operator: Session["operator"]) => ({
  operatorId: operator.id,
  username: operator.username,
  role: operator.role,
});
const actor = (operator: { id: number; username: string }) => ({
  operatorId: operator.id,
  username: operator.username,
});
const actorOf = (who: AuthenticatedOperator) => ({ operatorId: who.operatorId, username: who.username });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
// Verifying against a real hash when the username is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** A family with a token that is neither revoked nor expired: a session that is still signed in. */
const liveFamily = sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${operatorSessions.familyId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`;

export function createAuthService(
  db: Database,
  options: AuthOptions,
  audit?: AuditService,
  twoFactor?: TwoFactorService,
  mail?: SecurityMail,
) {
  const signer = createTokenSigner(options.secret, options.accessTtlSeconds);
  const refreshTtlMs = options.refreshTtlDays * 86_400_000;
  const throttle = createSignInThrottle(db);

  async function issue(
    executor: Executor,
    operator: Session["operator"],
    familyId: string,
    reauthAt?: number,
  ): Promise<Session> {
    const refreshToken = randomBytes(32).toString("base64url");
    await executor.insert(refreshTokens).values({
      operatorId: operator.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlMs),
    });
    const accessToken = await signer.sign({ ...claimsOf(operator), familyId, reauthAt });
    return { accessToken, refreshToken, operator };
  }

  /** A new session (device) for an operator whose credentials were all checked; re-checked under a lock. */
  async function startSession(
    checked: typeof operators.$inferSelect,
    input: { ip: string; userAgent?: string },
    secondFactor?: "totp" | "recovery_code",
  ): Promise<Session> {
    return db.transaction(async (tx) => {
      // A password change or a disabling that committed while the password was checked wins.
      const [now] = await tx.select().from(operators).where(eq(operators.id, checked.id)).for("share");
      if (!now || now.disabled || now.passwordHash !== checked.passwordHash)
        throw new DomainError("unauthorized", WRONG_CREDENTIALS);
      // An admin's reset of the second factor between the two steps voids the challenge.
      if (secondFactor && twoFactor && !(await twoFactor.isEnabled(now.id, tx)))
        throw new DomainError("unauthorized", "Your second factor was reset. Sign in again.");
      const familyId = randomUUID();
      await tx.insert(operatorSessions).values({
        familyId,
        operatorId: now.id,
        userAgent: (input.userAgent ?? "").slice(0, 500),
        address: input.ip,
      });
      const detail = secondFactor
        ? { address: input.ip, second_factor: secondFactor }
        : { address: input.ip };
      await audit?.record(actor(now), "sign_in", "session", familyId, null, detail, tx);
      return issue(tx, { id: now.id, username: now.username, role: now.role }, familyId);
    });
  }

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

  /** Ends one session family with its audit entry, in `tx`; waits for a rotation of the family in progress. */
  async function endFamilyIn(
    tx: Database,
    by: AuthenticatedOperator,
    familyId: string,
    scope: "self" | "one",
  ) {
    await lockFamily(tx, familyId);
    await revokeFamilyIn(tx, familyId);
    await audit?.record(actorOf(by), "sessions_ended", "session", familyId, null, { scope }, tx);
  }

  return {
    /**
     * Checks the password, throttled per account, per address and per account-and-address
     * (domain/auth/throttle.ts); the same message for any wrong pair.
     */
    async login(input: {
      username: string;
      password: string;
      ip: string;
      userAgent?: string;
    }): Promise<LoginOutcome> {
      await throttle.cleanUpNowAndThen();
      const username = input.username.trim().toLowerCase();
      const reservation = await throttle.reserve(username, input.ip);
      if (!reservation.ok) {
        const wait = reservation.waitSeconds;
        throw new DomainError(
          "rate_limited",
          `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
        );
      }
      const [operator] = await db.select().from(operators).where(eq(operators.username, username));
      dummyHash ??= hashPassword(randomUUID());
      const valid = operator
        ? await verifyPassword(operator.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      // The attempt was already counted as a failure by reserve().
      if (!operator || !valid || operator.disabled) throw new DomainError("unauthorized", WRONG_CREDENTIALS);
      await throttle.succeeded(reservation.attempt);
      // The server alone decides whether a second factor applies: nothing in the request can skip it.
      if (twoFactor && (await twoFactor.isEnabled(operator.id)))
        return { kind: "second_factor", challenge: await twoFactor.challengeFor(operator) };
      const session = await startSession(operator, input);
      const enrolmentRequired = twoFactor ? await twoFactor.needsEnrolment(operator.id) : false;
      return { kind: "session", session, enrolmentRequired };
    },

    /** The second step of a sign-in with two-factor: the password step's challenge and a code → tokens. */
    async completeSignIn(input: {
      challenge: string;
      code?: string;
      recovery_code?: string;
      ip: string;
      userAgent?: string;
    }): Promise<{ session: Session; recoveryCodesLeft: number }> {
      if (!twoFactor) throw new DomainError("conflict", "Two-factor sign-in is not available.");
      const operator = await twoFactor.openChallenge(input.challenge);
      const checked = await twoFactor.verify(operator, input, input.ip);
      const session = await startSession(operator, input, checked.method);
      return { session, recoveryCodesLeft: checked.recoveryCodesLeft };
    },

    /** A new access token for the caller's session (after enrolment lifts the enrolment-only limit). */
    async accessTokenFor(who: AuthenticatedOperator): Promise<string> {
      return signer.sign({
        operatorId: who.operatorId,
        username: who.username,
        role: who.role,
        familyId: who.familyId,
        reauthAt: who.reauthAt,
      });
    },

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
     * Trades a refresh token for a new pair. A token that was already used means it was stolen or
     * replayed: the whole family is revoked and the caller must sign in again. Rotation, reuse detection
     * and revocation of one family run one at a time (lockFamily), so a logout or a replay that races a
     * rotation cannot leave the token it mints alive.
     */
    async refresh(refreshToken: string): Promise<Refreshed | null> {
      const hash = sha256(refreshToken);
      const [found] = await db
        .select({ familyId: refreshTokens.familyId, operatorId: refreshTokens.operatorId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (!found) return null;
      return db.transaction(async (tx) => {
        await lockFamily(tx, found.familyId);
        await shareOperator(tx, found.operatorId);
        // Read again under the locks: a rotation, replay, logout or password change before us is visible now.
        const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
        if (!token) return null;
        const now = Date.now();
        const [operator] = await tx.select().from(operators).where(eq(operators.id, token.operatorId));
        const usable = operator && !operator.disabled && !token.revokedAt && token.expiresAt.getTime() > now;
        const sibling = usable && token.usedAt !== null && (await isJustReplaced(tx, token, now));
        if (!usable || (token.usedAt && !sibling)) {
          await revokeFamilyIn(tx, token.familyId);
          return null;
        }
        // The session's confirmation carries over to its refreshed tokens: only the cookie's holder refreshes.
        const [device] = await tx
          .select({ reauthenticatedAt: operatorSessions.reauthenticatedAt })
          .from(operatorSessions)
          .where(eq(operatorSessions.familyId, token.familyId));
        const reauthAt = device?.reauthenticatedAt?.getTime();
        await tx
          .update(operatorSessions)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(operatorSessions.familyId, token.familyId));
        if (sibling) {
          // A sibling tab's rotation set the cookie already: a new access token, and the cookie left alone.
          const summary = { id: operator.id, username: operator.username, role: operator.role };
          const accessToken = await signer.sign({ ...claimsOf(summary), familyId: token.familyId, reauthAt });
          return { accessToken, refreshToken: null, operator: summary };
        }
        await tx
          .update(refreshTokens)
          .set({ usedAt: new Date(now) })
          .where(eq(refreshTokens.id, token.id));
        return issue(
          tx,
          { id: operator.id, username: operator.username, role: operator.role },
          token.familyId,
          reauthAt,
        );
      });
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
        await tx
          .update(operators)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(operators.id, operator.id));
        await revokeSessionsIn(tx, operator.id, who.familyId);
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

    /** "Signed-in devices": the operator's live sessions, the one of this request marked current. */
    async devices(who: AuthenticatedOperator): Promise<Device[]> {
      const rows = await db
        .select()
        .from(operatorSessions)
        .where(and(eq(operatorSessions.operatorId, who.operatorId), liveFamily))
        .orderBy(desc(operatorSessions.lastUsedAt));
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        address: row.address,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.familyId === who.familyId,
      }));
    },

    /** Signs one of the operator's own devices out. */
    async endDevice(who: AuthenticatedOperator, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ familyId: operatorSessions.familyId })
          .from(operatorSessions)
          .where(
            and(eq(operatorSessions.id, id), eq(operatorSessions.operatorId, who.operatorId), liveFamily),
          );
        if (!row) throw new DomainError("not_found", "That device is not signed in any more.");
        await endFamilyIn(tx, who, row.familyId, "one");
      });
    },

    /** Signs this session out (logout); waits for a rotation of the same family in progress. */
    async logout(who: AuthenticatedOperator) {
      await db.transaction((tx) => endFamilyIn(tx, who, who.familyId, "self"));
    },

    /** Signs every device of the operator out but the one of this request. */
    async endOtherDevices(who: AuthenticatedOperator) {
      await db.transaction(async (tx) => {
        await revokeSessionsIn(tx, who.operatorId, who.familyId);
        await audit?.record(
          actorOf(who),
          "sessions_ended",
          "operator",
          who.operatorId,
          null,
          {
            scope: "others",
          },
          tx,
        );
      });
    },

    /** An admin's "End sessions": every session of the operator ends; answers their username. */
    async endAllSessions(by: AuthenticatedOperator, operatorId: number): Promise<string> {
      return db.transaction(async (tx) => {
        const [operator] = await tx
          .select({ username: operators.username })
          .from(operators)
          .where(eq(operators.id, operatorId));
        if (!operator) throw new DomainError("not_found", "Operator not found");
        await revokeSessionsIn(tx, operatorId);
        await audit?.record(
          actorOf(by),
          "sessions_ended",
          "operator",
          operatorId,
          null,
          { scope: "all" },
          tx,
        );
        return operator.username;
      });
    },

    /**
     * Resolves a bearer token to its operator. Also checks the database so that disabling an operator or
     * signing out (family revoked) stops their access tokens at once.
     */
    async authenticate(accessToken: string): Promise<AuthenticatedOperator> {
      const result = await signer.verify(accessToken);
      if (!result.ok)
        throw new DomainError("unauthorized", result.reason === "expired" ? "Token expired" : "Unauthorized");
      const { claims } = result;
      const [row] = await db
        .select({
          disabled: operators.disabled,
          role: operators.role,
          live: sql<number>`(select count(*)::int from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.familyId} and ${refreshTokens.revokedAt} is null)`,
          needsEnrolment: needsEnrolmentSql,
          reauthenticatedAt: operatorSessions.reauthenticatedAt,
        })
        .from(operators)
        .leftJoin(
          operatorSessions,
          and(eq(operatorSessions.familyId, claims.familyId), eq(operatorSessions.operatorId, operators.id)),
        )
        .where(eq(operators.id, claims.operatorId));
      if (!row || row.disabled || row.live === 0) throw new DomainError("unauthorized", "Unauthorized");
      // The role is read from the database so a demotion also applies at once; so is the two-factor
      // requirement, on every request: a token from before the requirement, or a refreshed one, is limited too.
      const recorded = row.reauthenticatedAt?.getTime();
      const reauthenticated =
        recorded !== undefined && recorded === claims.reauthAt && Date.now() - recorded < REAUTH_WINDOW_MS;
      return { ...claims, role: row.role, enrolmentOnly: row.needsEnrolment === true, reauthenticated };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
