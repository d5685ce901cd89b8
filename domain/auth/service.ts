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

/** The database or a transaction on it. */
type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

// Advisory locks of refresh-token families live under this first key (the two-key form keeps them apart
// from the one-key migration lock); the second key is a hash of the family id.
const FAMILY_LOCK_SPACE = 736_036;

/** Serialises everything that reads or changes one token family until the transaction ends. */
async function lockFamily(tx: Executor, familyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FAMILY_LOCK_SPACE}, hashtext(${familyId}))`);
}

async function revokeFamilyIn(tx: Executor, familyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

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

  async function issue(
    executor: Executor,
    operator: Session["operator"],
    familyId: string,
  ): Promise<Session> {
    const refreshToken = randomBytes(32).toString("base64url");
    await executor.insert(refreshTokens).values({
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
      return issue(db, { id: operator.id, username: operator.username, role: operator.role }, randomUUID());
    },

    /**
     * Trades a refresh token for a new pair. A token that was already used means it was stolen or
     * replayed: the whole family is revoked and the caller must sign in again. Rotation, reuse detection
     * and revocation of one family run one at a time (lockFamily), so a logout or a replay that races a
     * rotation cannot leave the token it mints alive.
     */
    async refresh(refreshToken: string): Promise<Session | null> {
      const hash = sha256(refreshToken);
      const [found] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (!found) return null;
      return db.transaction(async (tx) => {
        await lockFamily(tx, found.familyId);
        // Read again under the lock: a rotation, replay or logout that held it before us is visible now.
        const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
        if (!token) return null;
        if (token.usedAt || token.revokedAt || token.expiresAt.getTime() <= Date.now()) {
          await revokeFamilyIn(tx, token.familyId);
          return null;
        }
        await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, token.id));
        const [operator] = await tx.select().from(operators).where(eq(operators.id, token.operatorId));
        if (!operator || operator.disabled) {
          await revokeFamilyIn(tx, token.familyId);
          return null;
        }
        return issue(
          tx,
          { id: operator.id, username: operator.username, role: operator.role },
          token.familyId,
        );
      });
    },

    /** Ends a session family (logout); waits for a rotation of the same family in progress. */
    async revokeFamily(familyId: string) {
      await db.transaction(async (tx) => {
        await lockFamily(tx, familyId);
        await revokeFamilyIn(tx, familyId);
      });
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
