import { and, eq, sql } from "drizzle-orm";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "#db/client.ts";
import { operatorSessions, operators, refreshTokens } from "#db/schema/index.ts";
import { REAUTH_MINUTES } from "#shared/auth.ts";
import type { Role } from "#schemas/operator.ts";
import type { AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { hashPassword, verifyPassword } from "../operators/service";
import { createDeviceService } from "./devices";
import { createOwnPasswordService } from "./own-password";
import { refreshSession } from "./refresh";
import type { SecurityMail } from "./security-mail";
import type { Executor } from "./sessions";
import { createSignInThrottle } from "./throttle";
import { createTokenSigner, type AccessClaims } from "./tokens";
import type { TwoFactorService } from "./two-factor";
import { needsEnrolmentSql } from "./two-factor-policy";

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

export { PREVIOUS_TOKEN_GRACE_MS } from "./refresh";

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

const claimsOf = (operator: Session["operator"]) => ({
  operatorId: operator.id,
  username: operator.username,
  role: operator.role,
});
const actor = (operator: { id: number; username: string }) => ({
  operatorId: operator.id,
  username: operator.username,
});
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
// Verifying against a real hash when the username is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

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
     * Trades a refresh token for a new pair; a used one revokes its family (domain/auth/refresh.ts).
     */
    refresh: (refreshToken: string) => refreshSession(db, { signer, issue }, refreshToken),

    ...createOwnPasswordService(db, signer, audit, twoFactor, mail),
    ...createDeviceService(db, audit),

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
