import { and, eq, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { operators, refreshTokens } from "../../db/schema/index";
import type { Role } from "../../schemas/operator";
import { HttpError } from "../errors";
import { hashPassword, verifyPassword } from "../operators/service";
import { createSignInThrottle } from "./throttle";
import { createTokenSigner, type AccessClaims } from "./tokens";

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

export function createAuthService(db: Database, options: AuthOptions) {
  const signer = createTokenSigner(options.secret, options.accessTtlSeconds);
  const refreshTtlMs = options.refreshTtlDays * 86_400_000;
  const throttle = createSignInThrottle(db);

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

  return {
    /**
     * Checks the password, throttled per account, per address and per account-and-address
     * (domain/auth/throttle.ts); the same message for any wrong pair.
     */
    async login(input: { username: string; password: string; ip: string }): Promise<Session> {
      await throttle.cleanUpNowAndThen();
      const username = input.username.trim().toLowerCase();
      const reservation = await throttle.reserve(username, input.ip);
      if (!reservation.ok) {
        const wait = reservation.waitSeconds;
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
      // The attempt was already counted as a failure by reserve().
      if (!operator || !valid || operator.disabled) throw new HttpError(401, WRONG_CREDENTIALS);
      await throttle.succeeded(reservation.attempt);
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
