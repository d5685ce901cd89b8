import { insertInBatches, likePattern, orderBy } from "../sql";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { auditLog, deletedRecords, jobApplications, operators } from "#db/schema/index.ts";
import type { AuditListQuery } from "#schemas/audit.ts";
import { dateRange } from "../logistics/common";
import { recordNameOf } from "../record-name";
import { trashExpiry } from "../trash";

export interface Actor {
  operatorId: number;
  username: string;
}

// The local key (server.json) acts as an admin that is no operator of the database: no row to point at.
const operatorIdOf = (actor: Actor) => (actor.operatorId > 0 ? actor.operatorId : null);

/**
 * The record's name from the entry, else, for entries that keep none (an operator's sign-in, a note added to
 * an application), from the record as it is now: an erased candidate's blanked name reads as no name.
 */
const recordName = sql<string | null>`coalesce(
  ${recordNameOf(sql`coalesce(${auditLog.after}, ${auditLog.before})`)},
  case ${auditLog.entity}
    when 'operator' then (select ${operators.username} from ${operators} where ${operators.id}::text = ${auditLog.entityId})
    when 'job_application' then (select nullif(trim(concat_ws(' ', ${jobApplications.firstName}, ${jobApplications.lastName})), '') from ${jobApplications} where ${jobApplications.id}::text = ${auditLog.entityId})
  end
)`;
/**
 * A delete whose trash row is still there: a delete's trash row and audit entry are written in one
 * transaction, so they carry the same now(); a restore or the purge removes the row.
 */
const restorable = sql<boolean>`(${auditLog.action} = 'delete' and exists (select 1 from ${deletedRecords} where ${deletedRecords.resource} = ${auditLog.entity} and ${deletedRecords.recordId}::text = ${auditLog.entityId} and ${deletedRecords.deletedAt} = ${auditLog.createdAt} and ${deletedRecords.deletedAt} > ${trashExpiry}))`;

function auditWhere(q: AuditListQuery) {
  const pattern = q.search ? likePattern(q.search) : null;
  return and(
    q.operator ? eq(auditLog.operatorName, q.operator) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    dateRange(auditLog.createdAt, q.created_from, q.created_to),
    pattern
      ? or(
          ilike(sql`coalesce(${recordName}, '')`, pattern),
          ilike(auditLog.action, pattern),
          ilike(auditLog.entity, pattern),
          // "blog post" finds blog_post entries too.
          ilike(sql`replace(${auditLog.entity}, '_', ' ')`, pattern),
          ilike(auditLog.operatorName, pattern),
          eq(auditLog.entityId, q.search),
        )
      : undefined,
  );
}

export function createAuditService(db: Database) {
  /** One entry per record, a thousand to an INSERT: a bulk delete, its undo, or a bulk change. */
  async function recordMany(
    actor: Actor,
    action: "update" | "delete" | "restore" | "stage_changed",
    entity: string,
    entries: { id: string | number; before?: unknown; after?: unknown }[],
    via: Database = db,
  ) {
    await insertInBatches(entries, (batch) =>
      via.insert(auditLog).values(
        batch.map(({ id, before, after }) => ({
          operatorId: operatorIdOf(actor),
          operatorName: actor.username,
          action,
          entity,
          entityId: String(id),
          before: before ?? null,
          after: after ?? null,
        })),
      ),
    );
  }

  return {
    async record(
      actor: Actor,
      action: (typeof auditLog.$inferInsert)["action"],
      entity: string,
      entityId: string | number,
      before: unknown,
      after: unknown,
      /** The transaction of the change, so the entry commits with it. */
      via: Database = db,
    ) {
      await via.insert(auditLog).values({
        operatorId: operatorIdOf(actor),
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
    /** One page of the log, newest first, with each entry's record name and whether it can be restored. */
    async list(q: AuditListQuery) {
      const where = auditWhere(q);
      const [rows, total] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            operatorName: auditLog.operatorName,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            before: auditLog.before,
            after: auditLog.after,
            createdAt: auditLog.createdAt,
            recordName,
            restorable,
          })
          .from(auditLog)
          .where(where)
          .orderBy(...orderBy(q.sort, {}, desc(auditLog.createdAt), auditLog.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db.$count(auditLog, where),
      ]);
      return { rows, total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
