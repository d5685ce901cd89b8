import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { operators, passwordResetTokens, refreshTokens } from "#db/schema/index.ts";
import { DomainError } from "../errors";

/** The database or a transaction on it. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * Holds the operator's row against credential changes until the transaction ends: a rotation takes it
 * shared, a password change or "end all sessions" takes it exclusively, so neither can miss the other.
 */
export async function shareOperator(tx: Executor, operatorId: number) {
  await tx.execute(sql`select 1 from ${operators} where ${operators.id} = ${operatorId} for share`);
}

/**
 * Ends every session of an operator (all refresh families but `except`) inside the caller's transaction;
 * waits for rotations in progress, and a rotation that starts later sees its family revoked.
 */
export async function revokeSessionsIn(tx: Executor, operatorId: number, except?: string) {
  await tx.execute(sql`select 1 from ${operators} where ${operators.id} = ${operatorId} for update`);
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.operatorId, operatorId),
        isNull(refreshTokens.revokedAt),
        except === undefined ? undefined : ne(refreshTokens.familyId, except),
      ),
    );
}

/** Voids every "Forgot password?" link of the operator (their address changed), in the caller's transaction. */
export async function voidResetLinksIn(tx: Executor, operatorId: number) {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.operatorId, operatorId));
}

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * Holds the operator's row for update and refuses a session (refresh family) ended since its request was let
 * in: a reset link, an undone e-mail change or an admin that ended it meanwhile wins over its change.
 */
export async function holdLiveSessionIn(tx: Executor, operatorId: number, familyId: string) {
  await tx.execute(sql`select 1 from ${operators} where ${operators.id} = ${operatorId} for update`);
  const [live] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  if (!live) throw new DomainError("unauthorized", SESSION_ENDED);
}
