import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { loginThrottle, operators, refreshTokens } from "../../db/schema/index";
import type { Role } from "../../schemas/operator";
import { HttpError } from "../errors";
import { hashPassword, verifyPassword } from "../operators/service";
import { createTokenSigner, type AccessClaims } from "./tokens";

export const FREE_FAILURES = 5;
const MAX_LOCK_SECONDS = 15 * 60;
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

export type AuthenticatedOperator = AccessClaims;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
// Verifying against a real hash when the username is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** Seconds of lock after `failures` consecutive failures: none for the first five, then 1, 2, 4 … up to 15 minutes. */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS);
}

export function createAuthService(db: Database, options: AuthOptions) {
  const signer = createTokenSigner(options.secret, options.accessTtlSeconds);
  const refreshTtlMs = options.refreshTtlDays * 86_400_000;

  async function issue(operator: Session["operator"], familyId: string): Promise<Session> {
    const refreshToken = randomBytes(32).toString("base64url");
    await db.insert(refreshTokens).values({
      operatorId: operator.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlMs),
    });
    const accessToken = await signer.sign({
      operatorId: operator.id,
      username: operator.username,
      role: operator.role,
      familyId,
    });
    return { accessToken, refreshToken, operator };
  }

  async function lockedFor(keys: string[]): Promise<number> {
    const rows = await db
      .select({ lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, new Date())));
    const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    return until > 0 ? Math.ceil((until - Date.now()) / 1000) : 0;
  }

  /**
   * Counts this attempt as a failure before the password is checked, in one transaction with the lock
   * check, so a burst of parallel guesses cannot all pass the check before the first failure is counted.
   * False (nothing counted) when a key is locked; a successful sign-in gives the attempt back.
   */
  async function reserveAttempt(keys: string[]): Promise<boolean> {
    const locked = new Error("locked");
    try {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(loginThrottle)
          .values(keys.map((key) => ({ key, failures: 1 })))
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: new Date() },
            setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= now()`,
          })
          .returning({ key: loginThrottle.key, failures: loginThrottle.failures });
        if (rows.length < keys.length) throw locked;
        for (const row of rows) {
          const seconds = lockSeconds(row.failures);
          if (seconds > 0) {
            await tx
              .update(loginThrottle)
              .set({ lockedUntil: new Date(Date.now() + seconds * 1000) })
              .where(eq(loginThrottle.key, row.key));
          }
        }
      });
      return true;
    } catch (error) {
      if (error === locked) return false;
      throw error;
    }
  }

  /** A successful sign-in: the account starts afresh, and the client address gets its attempt back. */
  async function forgiveAttempt(userKey: string, ipKey: string) {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, userKey));
    await db
      .update(loginThrottle)
      .set({
        failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
        lockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${FREE_FAILURES} then null else ${loginThrottle.lockedUntil} end`,
      })
      .where(eq(loginThrottle.key, ipKey));
  }

  return {
    /** Checks the password with per-IP and per-username throttling; the same message for any wrong pair. */
    async login(input: { username: string; password: string; ip: string }): Promise<Session> {
      const username = input.username.trim().toLowerCase();
      const ipKey = `ip:${input.ip}`;
      const userKey = `user:${username}`;
      if (!(await reserveAttempt([ipKey, userKey]))) {
        const wait = Math.max(1, await lockedFor([ipKey, userKey]));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
        );
      }
      const [operator] = await db.select().from(operators).where(eq(operators.username, username));
      dummyHash ??= hashPassword(randomUUID());
      const valid = operator
        ? await verifyPassword(operator.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      // A failure was already counted by reserveAttempt.
      if (!operator || !valid || operator.disabled) throw new HttpError(401, WRONG_CREDENTIALS);
      await forgiveAttempt(userKey, ipKey);
      return issue({ id: operator.id, username: operator.username, role: operator.role }, randomUUID());
    },

    /**
     * Trades a refresh token for a new pair. A token that was already used means it was stolen or
     * replayed: the whole family is revoked and the caller must sign in again.
     */
    async refresh(refreshToken: string): Promise<Session | null> {
      const hash = sha256(refreshToken);
      const [used] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.tokenHash, hash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!used) {
        const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
        if (known) await this.revokeFamily(known.familyId);
        return null;
      }
      const [operator] = await db.select().from(operators).where(eq(operators.id, used.operatorId));
      if (!operator || operator.disabled) {
        await this.revokeFamily(used.familyId);
        return null;
      }
      return issue({ id: operator.id, username: operator.username, role: operator.role }, used.familyId);
    },

    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Resolves a bearer token to its operator. Also checks the database so that disabling an operator or
     * signing out (family revoked) stops their access tokens at once.
     */
    async authenticate(accessToken: string): Promise<AuthenticatedOperator> {
      const result = await signer.verify(accessToken);
      if (!result.ok)
        throw new HttpError(401, result.reason === "expired" ? "Token expired" : "Unauthorized");
      const { claims } = result;
      const [row] = await db
        .select({
          disabled: operators.disabled,
          role: operators.role,
          live: sql<number>`(select count(*)::int from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.familyId} and ${refreshTokens.revokedAt} is null)`,
        })
        .from(operators)
        .where(eq(operators.id, claims.operatorId));
      if (!row || row.disabled || row.live === 0) throw new HttpError(401, "Unauthorized");
      // The role is read from the database so a demotion also applies at once.
      return { ...claims, role: row.role };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
