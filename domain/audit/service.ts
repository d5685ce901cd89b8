import { orderBy } from "../sql";
import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema/index";

export interface Actor {
  operatorId: number;
  username: string;
}

export function createAuditService(db: Database) {
  /** One entry per record, in one INSERT: a bulk delete or its undo. */
  async function recordMany(
    actor: Actor,
    action: "delete" | "restore",
    entity: string,
    entries: { id: string | number; before?: unknown; after?: unknown }[],
    via: Database = db,
  ) {
    if (entries.length === 0) return;
    await via.insert(auditLog).values(
      entries.map(({ id, before, after }) => ({
        operatorId: actor.operatorId,
        operatorName: actor.username,
        action,
        entity,
        entityId: String(id),
        before: before ?? null,
        after: after ?? null,
      })),
    );
  }

  return {
    async record(
      actor: Actor,
      action: "create" | "update" | "delete" | "restore",
      entity: string,
      entityId: string | number,
      before: unknown,
      after: unknown,
      /** The transaction of the change, so the entry commits with it. */
      via: Database = db,
    ) {
      await via.insert(auditLog).values({
        operatorId: actor.operatorId,
        operatorName: actor.username,
        action,
        entity,
        entityId: String(entityId),
        before: before ?? null,
        after: after ?? null,
      });
    },
    /** One entry per deleted record, written in one INSERT (a bulk delete of hundreds was as many round trips). */
    async recordDeletes(
      actor: Actor,
      entity: string,
      deleted: { id: string | number; before: unknown }[],
      via: Database = db,
    ) {
      await recordMany(actor, "delete", entity, deleted, via);
    },
    recordMany,
    async list(page: number, pageSize: number, sort?: string) {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .orderBy(...orderBy(sort, {}, desc(auditLog.createdAt), auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.$count(auditLog),
      ]);
      return { rows, total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
