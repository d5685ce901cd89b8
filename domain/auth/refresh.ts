import { and, eq, gt } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { Database } from "#db/client.ts";
import { operatorSessions, operators, refreshTokens } from "#db/schema/index.ts";
import { lockFamily, revokeFamilyIn } from "./devices";
import type { Refreshed, Session } from "./service";
import { shareOperator, type Executor } from "./sessions";
import type { createTokenSigner } from "./tokens";

type TokenSigner = ReturnType<typeof createTokenSigner>;
/** Stores a new refresh token in the family and signs its access token (createAuthService's `issue`). */
type Issue = (
  executor: Executor,
  operator: Session["operator"],
  familyId: string,
  reauthAt?: number,
) => Promise<Session>;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const claimsOf = (operator: Session["operator"]) => ({
  operatorId: operator.id,
  username: operator.username,
  role: operator.role,
});

/**
 * How long the token a refresh has just replaced is still accepted: two console tabs (or a tab whose
 * lock-free fallback raced) present one cookie at once; a replay later than this ends the family.
 */
export const PREVIOUS_TOKEN_GRACE_MS = 5_000;

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

/**
 * Trades a refresh token for a new pair. A token that was already used means it was stolen or
 * replayed: the whole family is revoked and the caller must sign in again. Rotation, reuse detection
 * and revocation of one family run one at a time (lockFamily), so a logout or a replay that races a
 * rotation cannot leave the token it mints alive.
 */
export async function refreshSession(
  db: Database,
  { signer, issue }: { signer: TokenSigner; issue: Issue },
  refreshToken: string,
): Promise<Refreshed | null> {
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
}
