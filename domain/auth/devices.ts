import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { operatorSessions, operators, refreshTokens } from "#db/schema/index.ts";
import type { Device } from "#schemas/auth.ts";
import type { AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { AuthenticatedOperator } from "./service";
import { revokeSessionsIn, type Executor } from "./sessions";
import { describeUserAgent } from "./user-agent";

// Advisory locks of refresh-token families live under this first key (the two-key form keeps them apart
// from the one-key migration lock); the second key is a hash of the family id.
const FAMILY_LOCK_SPACE = 736_036;

/** Serialises everything that reads or changes one token family until the transaction ends. */
export async function lockFamily(tx: Executor, familyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FAMILY_LOCK_SPACE}, hashtext(${familyId}))`);
}

export async function revokeFamilyIn(tx: Executor, familyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** A family with a token that is neither revoked nor expired: a session that is still signed in. */
const liveFamily = sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${operatorSessions.familyId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`;

const actorOf = (who: AuthenticatedOperator) => ({ operatorId: who.operatorId, username: who.username });

/** "Signed-in devices": an operator's sessions, each a refresh-token family, and how they end. */
export function createDeviceService(db: Database, audit?: AuditService) {
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
  };
}
