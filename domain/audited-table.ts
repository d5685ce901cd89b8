import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import type { Actor, AuditService } from "./audit/service";
import { DomainError } from "./errors";
import { trashOf, type TrashSpec } from "./trash";

/**
 * Writes to one table, each committed together with its audit entry: what an operator changes in the console
 * is in the audit log, or did not happen. `toRecord` is what the API answers and the log keeps.
 */
export function auditedTable<T extends PgTable & { id: AnyPgColumn }, R>(
  db: Database,
  audit: AuditService,
  spec: {
    table: T;
    /** The audit log's name for the record type. */
    auditName: string;
    /** How a missing record is named: "Job not found". */
    what: string;
    toRecord: (row: T["$inferSelect"]) => R;
    /** Rows a foreign-key cascade drops with a record, kept in the trash with it (e.g. a post's comments). */
    dependents?: TrashSpec<T, R>["dependents"];
    beforeDiscard?: TrashSpec<T, R>["beforeDiscard"];
  },
) {
  const { table, auditName } = spec;
  // Deletes go to the trash, so the console can undo them (domain/trash.ts).
  const trash = trashOf(db, audit, {
    table,
    resource: auditName,
    what: spec.what,
    describe: spec.toRecord,
    dependents: spec.dependents,
    beforeDiscard: spec.beforeDiscard,
  });
  async function find(id: number, via: Database = db): Promise<T["$inferSelect"]> {
    const [row] = await via
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    if (!row) throw new DomainError("not_found", `${spec.what} not found`);
    return row as T["$inferSelect"];
  }
  const idOf = (row: T["$inferSelect"]) => (row as { id: number }).id;

  return {
    find,
    async create(actor: Actor, values: T["$inferInsert"]) {
      return db.transaction(async (tx) => {
        const [row] = (await tx.insert(table).values(values).returning()) as T["$inferSelect"][];
        const record = spec.toRecord(row!);
        await audit.record(actor, "create", auditName, idOf(row!), null, record, tx);
        return record;
      });
    },
    /** `describe` is what the log keeps of each side, when not the whole record. */
    async update(
      actor: Actor,
      id: number,
      values: Partial<T["$inferInsert"]>,
      describe: (row: T["$inferSelect"]) => unknown = spec.toRecord,
    ) {
      return db.transaction(async (tx) => {
        const before = await find(id, tx);
        const [after] = (await tx
          .update(table)
          .set(values as never)
          .where(eq(table.id, id))
          .returning()) as T["$inferSelect"][];
        await audit.record(actor, "update", auditName, id, describe(before), describe(after!), tx);
        return spec.toRecord(after!);
      });
    },
    /** Moves the record to the trash; `restore` puts it back within the trash window (setting trash_days). */
    remove: (actor: Actor, id: number) => trash.discardOne(actor, id, find),
    removeMany: (actor: Actor, ids: number[]) => trash.discardIds(actor, ids),
    restore: trash.restore,
  };
}

/**
 * A console resource edited through one form: its input parsed into columns by `toValues` on create and update
 * (which also stamps `updatedAt`), deletes to the trash and restores as the table's.
 */
export function formWrites<T extends PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn }, R, I>(
  writes: ReturnType<typeof auditedTable<T, R>>,
  toValues: (input: I) => T["$inferInsert"],
) {
  return {
    create: (actor: Actor, input: I) => writes.create(actor, toValues(input)),
    update: (actor: Actor, id: number, input: I) =>
      writes.update(actor, id, { ...toValues(input), updatedAt: new Date() } as Partial<T["$inferInsert"]>),
    remove: writes.remove,
    restore: writes.restore,
  };
}

/** One page of a console list and the number of rows its filter selects. */
export async function pageOf<T extends PgTable>(
  db: Database,
  table: T,
  query: { page: number; page_size: number },
  where: SQL | undefined,
  order: SQL[],
) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.$count(table, where),
  ]);
  return { rows: rows as T["$inferSelect"][], total };
}
