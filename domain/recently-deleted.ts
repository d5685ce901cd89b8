import { and, eq, gt, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { deletedRecords, importBatches, operators } from "#db/schema/index.ts";
import { importSpecs, importTrashTypes, importTypes } from "#schemas/imports.ts";
import type { Role } from "#schemas/operator.ts";
import {
  trashTypes,
  trashTypesFor,
  type TrashEntry,
  type TrashListQuery,
  type TrashTypeName,
} from "#schemas/trash.ts";
import type { Actor } from "./audit/service";
import { DomainError } from "./errors";
import { recordNameOf } from "./record-name";
import { likePattern } from "./sql";
import { trashDays, trashExpiry } from "./trash";

/** Each type's restore (its service's, which re-checks the trash window and writes the audit entries). */
export type Restorers = Record<TrashTypeName, (actor: Actor, ids: number[]) => Promise<unknown[]>>;
/** Puts back the records of one type that undoing an import sent to the trash (domain/imports). */
export type ImportBatchRestorer = (
  actor: Actor,
  importBatch: number,
  type: TrashTypeName,
) => Promise<{ restored: number }>;

const nameOf = recordNameOf(sql`${deletedRecords.row}`);
/** "Import of trucks.csv: 120 trucks", naming the records as their list does. */
function batchName(type: string, count: number, fileName: string | null, importBatch: number) {
  const list = importTypes.find((t) => importTrashTypes[t] === type);
  const spec = list ? importSpecs[list] : { noun: "record", plural: "records" };
  return `Import of ${fileName ?? `file ${importBatch}`}: ${count.toLocaleString("en-IN")} ${count === 1 ? spec.noun : spec.plural}`;
}

/**
 * "Recently deleted": every record type's trash in one list, and its restore, for the types the operator's
 * role may open (an editor: the website's records; an admin: all). The records one import's Undo removed
 * are one entry ("Import of trucks.csv: 120 trucks"), restored together.
 */
export function createRecentlyDeleted(
  db: Database,
  restorers: Restorers,
  restoreImport: ImportBatchRestorer,
) {
  /** Refuses a type the role may not open, naming it. */
  function assertAllowed(role: Role, type: TrashTypeName) {
    if (!trashTypesFor(role).includes(type))
      throw new DomainError(
        "forbidden",
        `${trashTypes[type].plural} can be restored by an administrator only.`,
      );
  }

  return {
    async list(role: Role, query: TrashListQuery): Promise<{ rows: TrashEntry[]; total: number }> {
      if (query.type) assertAllowed(role, query.type);
      const pattern = query.search ? likePattern(query.search) : null;
      // One group per record, or per import batch and type: a batch matches a search when its file or
      // any of its records does.
      const grouped = db
        .select({
          id: sql<number>`min(${deletedRecords.id})`.as("id"),
          type: deletedRecords.resource,
          import_batch_id: deletedRecords.importBatchId,
          record_id: sql<
            number | null
          >`case when ${deletedRecords.importBatchId} is null then min(${deletedRecords.recordId}) end`.as(
            "record_id",
          ),
          count: sql<number>`count(*)::int`.as("count"),
          name: sql<string | null>`min(${nameOf})`.as("name"),
          file_name: sql<string | null>`min(${importBatches.fileName})`.as("file_name"),
          deleted_by: sql<string | null>`min(${operators.username})`.as("deleted_by"),
          deleted_at: sql<Date>`max(${deletedRecords.deletedAt})`.as("deleted_at"),
        })
        .from(deletedRecords)
        .leftJoin(operators, eq(operators.id, deletedRecords.deletedBy))
        .leftJoin(importBatches, eq(importBatches.id, deletedRecords.importBatchId))
        .where(
          and(
            inArray(deletedRecords.resource, query.type ? [query.type] : trashTypesFor(role)),
            gt(deletedRecords.deletedAt, trashExpiry),
          ),
        )
        .groupBy(
          deletedRecords.resource,
          deletedRecords.importBatchId,
          sql`case when ${deletedRecords.importBatchId} is null then ${deletedRecords.id} end`,
        )
        .having(
          pattern
            ? sql`bool_or(${or(
                ilike(sql`coalesce(${nameOf}, '')`, pattern),
                ilike(sql`${deletedRecords.recordId}::text`, pattern),
                ilike(sql`coalesce(${operators.username}, '')`, pattern),
                ilike(sql`coalesce(${importBatches.fileName}, '')`, pattern),
              )})`
            : undefined,
        )
        .as("grouped");
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: grouped.id,
            type: grouped.type,
            import_batch_id: grouped.import_batch_id,
            record_id: grouped.record_id,
            count: grouped.count,
            name: grouped.name,
            file_name: grouped.file_name,
            deleted_by: grouped.deleted_by,
            deleted_at: grouped.deleted_at,
            expires_at: sql<string>`${grouped.deleted_at} + make_interval(days => ${trashDays})`,
          })
          .from(grouped)
          .orderBy(sql`${grouped.deleted_at} desc`, sql`${grouped.id} desc`)
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: sql<number>`count(*)::int` }).from(grouped),
      ]);
      return {
        rows: rows.map((r) => {
          const name =
            r.import_batch_id === null
              ? (r.name ?? `${trashTypes[r.type as TrashTypeName]?.label ?? r.type} ${r.record_id}`)
              : batchName(r.type, r.count, r.file_name, r.import_batch_id);
          return {
            id: Number(r.id),
            type: r.type,
            record_id: r.record_id === null ? null : Number(r.record_id),
            import_batch_id: r.import_batch_id,
            count: Number(r.count),
            name,
            deleted_by: r.deleted_by,
            deleted_at: new Date(r.deleted_at).toISOString(),
            expires_at: new Date(r.expires_at).toISOString(),
          };
        }),
        total: Number(count?.total ?? 0),
      };
    },

    /** Puts records of one type back (all or none); answers how many. */
    async restore(actor: Actor & { role: Role }, type: TrashTypeName, ids: number[]) {
      assertAllowed(actor.role, type);
      return (await restorers[type](actor, ids)).length;
    },

    /** Puts back the records of one type an import's Undo removed (all or none); answers how many. */
    async restoreImportBatch(actor: Actor & { role: Role }, type: TrashTypeName, importBatch: number) {
      assertAllowed(actor.role, type);
      return (await restoreImport(actor, importBatch, type)).restored;
    },
  };
}

export type RecentlyDeleted = ReturnType<typeof createRecentlyDeleted>;
