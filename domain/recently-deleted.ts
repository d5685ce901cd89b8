import { and, desc, eq, gt, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { deletedRecords, operators } from "../db/schema/index";
import type { Role } from "../schemas/operator";
import { trashTypes, trashTypesFor, type TrashListQuery, type TrashTypeName } from "../schemas/trash";
import type { Actor } from "./audit/service";
import { HttpError } from "./errors";
import { recordNameOf } from "./record-name";
import { likePattern } from "./sql";
import { trashDays, trashExpiry } from "./trash";

/** Each type's restore (its service's, which re-checks the trash window and writes the audit entries). */
export type Restorers = Record<TrashTypeName, (actor: Actor, ids: number[]) => Promise<unknown[]>>;

const nameOf = recordNameOf(sql`${deletedRecords.row}`);

/**
 * "Recently deleted": every record type's trash in one list, and its restore, for the types the operator's
 * role may open (an editor: the website's records; an admin: all).
 */
export function createRecentlyDeleted(db: Database, restorers: Restorers) {
  /** Refuses a type the role may not open, naming it. */
  function assertAllowed(role: Role, type: TrashTypeName) {
    if (!trashTypesFor(role).includes(type))
      throw new HttpError(403, `${trashTypes[type].plural} can be restored by an administrator only.`);
  }

  return {
    async list(role: Role, query: TrashListQuery) {
      if (query.type) assertAllowed(role, query.type);
      const pattern = query.search ? likePattern(query.search) : null;
      const where = and(
        inArray(deletedRecords.resource, query.type ? [query.type] : trashTypesFor(role)),
        gt(deletedRecords.deletedAt, trashExpiry),
        pattern
          ? or(
              ilike(sql`coalesce(${nameOf}, '')`, pattern),
              ilike(sql`${deletedRecords.recordId}::text`, pattern),
              ilike(sql`coalesce(${operators.username}, '')`, pattern),
            )
          : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: deletedRecords.id,
            type: deletedRecords.resource,
            record_id: deletedRecords.recordId,
            name: nameOf,
            deleted_by: operators.username,
            deleted_at: deletedRecords.deletedAt,
            expires_at: sql<string>`${deletedRecords.deletedAt} + make_interval(days => ${trashDays})`,
          })
          .from(deletedRecords)
          .leftJoin(operators, eq(operators.id, deletedRecords.deletedBy))
          .where(where)
          .orderBy(desc(deletedRecords.deletedAt), desc(deletedRecords.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(deletedRecords)
          .leftJoin(operators, eq(operators.id, deletedRecords.deletedBy))
          .where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          name: r.name ?? `${trashTypes[r.type as TrashTypeName]?.label ?? r.type} ${r.record_id}`,
          deleted_at: r.deleted_at.toISOString(),
          expires_at: new Date(r.expires_at).toISOString(),
        })),
        total: Number(count?.total ?? 0),
      };
    },

    /** Puts records of one type back (all or none); answers how many. */
    async restore(actor: Actor & { role: Role }, type: TrashTypeName, ids: number[]) {
      assertAllowed(actor.role, type);
      return (await restorers[type](actor, ids)).length;
    },
  };
}

export type RecentlyDeleted = ReturnType<typeof createRecentlyDeleted>;
