import { MAX_MATCHING } from "#schemas/bulk.ts";
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { getTableConfig, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { deletedRecords } from "#db/schema/index.ts";
import type { Actor, AuditService } from "./audit/service";
import { DomainError } from "./errors";
import { insertInBatches, rowsOf } from "./sql";
import { putBack, RELINK } from "./trash-restore";
import { daysText, purgeExpiredTrash, trashExpiry, trashWindowDays } from "./trash-window";

export {
  daysText,
  purgeExpiredTrash,
  startTrashPurge,
  TRASH_PURGE_INTERVAL_MS,
  trashDays,
  trashExpiry,
  trashWindowDays,
} from "./trash-window";

export type IdTable = PgTable & { id: AnyPgColumn };

/**
 * Trash entries an import's restore puts back per statement: the embedded database runs each statement on
 * the server's thread, so steps stay small and the work yields between them (as an import's commit does).
 */
const RESTORE_STEP = 50;

export interface TrashSpec<T extends IdTable, R> {
  table: T;
  /** The audit log's name for the record type; also the trash's. */
  resource: string;
  /** "Truck", for "Truck 12 is no longer in the trash". */
  what: string;
  /** What the audit log keeps of a record. */
  describe: (row: T["$inferSelect"]) => R;
  /**
   * Rows that point at the record: those a foreign-key cascade drops are kept and re-inserted; those whose
   * key is set null (`onDelete: "set null"`) are pointed at the record again on restore.
   */
  dependents?: Dependent[];
  /** Runs on the locked rows before they are copied to the trash (a post voids its preview links here). */
  beforeDiscard?: (tx: Database, ids: number[]) => Promise<void>;
}

interface Dependent {
  table: PgTable;
  column: AnyPgColumn;
  onDelete?: "cascade" | "set null";
}

/**
 * Soft delete for one table: a delete moves the rows (and their cascaded dependents) into `deleted_records`
 * with their "delete" audit entries; `restore` puts them back with their ids and a "restore" entry. Trash
 * older than the `trash_days` setting is purged on every delete and on a timer (startTrashPurge).
 */
export function trashOf<T extends IdTable, R>(db: Database, audit: AuditService, spec: TrashSpec<T, R>) {
  const { table, resource } = spec;
  type Row = T["$inferSelect"];
  const idOf = (row: Row) => (row as { id: number }).id;

  const trash = {
    /**
     * Deletes the rows `where` selects, inside the caller's transaction; answers the rows deleted. `audited:
     * false` leaves the audit entries to the caller (an import's Undo writes one entry for the whole batch);
     * `importBatch` marks the trash entries as that import's, listed and restored as one (restoreImportBatch).
     */
    async discard(
      tx: Database,
      actor: Actor,
      where: SQL | undefined,
      { audited = true, importBatch = null }: { audited?: boolean; importBatch?: number | null } = {},
    ): Promise<Row[]> {
      await purgeExpiredTrash(tx);
      // Locked first, so a dependent row added meanwhile commits before we read the dependents (or waits and fails).
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(where)
        .for("update")) as Row[];
      if (rows.length === 0) return [];
      const ids = rows.map(idOf);
      await spec.beforeDiscard?.(tx, ids);
      const saved = await rowsOf<{ id: number; row: unknown }>(
        tx,
        sql`select ${table.id} as id, to_jsonb(${table}.*) as row from ${table} where ${inArray(table.id, ids)}`,
      );
      const dependents = new Map<number, Record<string, unknown[]>>();
      for (const dep of spec.dependents ?? []) {
        const relink = dep.onDelete === "set null";
        const name = `${relink ? RELINK : ""}${getTableConfig(dep.table).name}`;
        // Set-null rows stay where they are: only their ids are kept, to point them back on restore.
        const found = await rowsOf<{ owner: number; row: unknown }>(
          tx,
          relink
            ? sql`select ${dep.column} as owner, id as row from ${dep.table} where ${inArray(dep.column, ids)}`
            : sql`select ${dep.column} as owner, to_jsonb(${dep.table}.*) as row from ${dep.table} where ${inArray(dep.column, ids)}`,
        );
        for (const { owner, row } of found) {
          const mine = dependents.get(Number(owner)) ?? {};
          (mine[name] ??= []).push(row);
          dependents.set(Number(owner), mine);
        }
      }
      await insertInBatches(saved, (batch) =>
        tx.insert(deletedRecords).values(
          batch.map(({ id, row }) => ({
            resource,
            recordId: Number(id),
            row,
            dependents: dependents.get(Number(id)) ?? {},
            deletedBy: actor.operatorId,
            importBatchId: importBatch,
          })),
        ),
      );
      await tx.delete(table).where(inArray(table.id, ids));
      if (audited)
        await audit.recordMany(
          actor,
          "delete",
          resource,
          rows.map((row) => ({ id: idOf(row), before: spec.describe(row) })),
          tx,
        );
      return rows;
    },

    /** Deletes one row in a transaction of its own, after `find` (which throws for no such row) reads it there. */
    async discardOne(
      actor: Actor,
      id: number,
      find: (id: number, tx: Database) => Promise<unknown>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await find(id, tx);
        await trash.discard(tx, actor, eq(table.id, id));
      });
    },

    /** Deletes the rows with these ids in one transaction; answers how many there were. */
    async discardIds(actor: Actor, ids: number[]): Promise<number> {
      return db.transaction(async (tx) => (await trash.discard(tx, actor, inArray(table.id, ids))).length);
    },

    /**
     * "Select all N matching": deletes the rows `where` selects in one transaction; answers their ids. More
     * than MAX_MATCHING is refused with the count, so the operator narrows the filters (a partial delete
     * would leave them guessing which rows went).
     */
    async discardMatching(actor: Actor, where: SQL | undefined): Promise<number[]> {
      return db.transaction(async (tx) => {
        const matching = await tx
          .select({ id: table.id })
          .from(table as PgTable)
          .where(where)
          .limit(MAX_MATCHING + 1);
        if (matching.length > MAX_MATCHING) {
          const total = await tx.$count(table as PgTable, where);
          throw new DomainError(
            "unprocessable",
            `The filters select ${total.toLocaleString("en-IN")} rows; one delete takes at most ${MAX_MATCHING.toLocaleString("en-IN")}. Narrow the filters and delete in parts.`,
          );
        }
        if (matching.length === 0) return [];
        const gone = await this.discard(
          tx,
          actor,
          inArray(
            table.id,
            matching.map((m) => m.id as number),
          ),
        );
        return gone.map(idOf);
      });
    },

    /** Puts deleted records back with their ids, all or none; answers them as the audit log describes them. */
    async restore(actor: Actor, ids: number[]): Promise<R[]> {
      const wanted = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const found = await tx
          .select()
          .from(deletedRecords)
          .where(
            and(
              eq(deletedRecords.resource, resource),
              inArray(deletedRecords.recordId, wanted),
              gt(deletedRecords.deletedAt, trashExpiry),
            ),
          )
          .orderBy(desc(deletedRecords.deletedAt));
        // The latest copy of each record, should one have been deleted twice.
        const latest = new Map<number, (typeof found)[number]>();
        for (const entry of found) if (!latest.has(entry.recordId)) latest.set(entry.recordId, entry);
        const missing = wanted.filter((id) => !latest.has(id));
        if (missing.length > 0)
          throw new DomainError(
            "not_found",
            `${spec.what} ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? "…" : ""} cannot be restored: it is not in Recently deleted (deletes can be undone for ${daysText(await trashWindowDays(tx))}).`,
          );
        await putBack(tx, spec, [...latest.values()]);
        await tx.delete(deletedRecords).where(
          inArray(
            deletedRecords.id,
            found.map((e) => e.id),
          ),
        );
        const rows = (await tx
          .select()
          .from(table as PgTable)
          .where(inArray(table.id, wanted))) as Row[];
        const records = rows.map(spec.describe);
        await audit.recordMany(
          actor,
          "restore",
          resource,
          rows.map((row, i) => ({ id: idOf(row), after: records[i] })),
          tx,
        );
        return records;
      });
    },

    /**
     * Puts back every record of this type an import's Undo sent to the trash (`discard` with `importBatch`),
     * inside the caller's transaction, RESTORE_STEP at a time with a yield between steps; answers how many.
     * The caller writes the one audit entry; a clash with a record created since fails the whole restore.
     */
    async restoreImportBatch(tx: Database, importBatch: number): Promise<number> {
      let after = 0;
      let restored = 0;
      for (;;) {
        const entries = await tx
          .select()
          .from(deletedRecords)
          .where(
            and(
              eq(deletedRecords.resource, resource),
              eq(deletedRecords.importBatchId, importBatch),
              gt(deletedRecords.deletedAt, trashExpiry),
              gt(deletedRecords.id, after),
            ),
          )
          .orderBy(asc(deletedRecords.id))
          .limit(RESTORE_STEP)
          .for("update");
        if (entries.length === 0) return restored;
        await putBack(tx, spec, entries);
        await tx.delete(deletedRecords).where(
          inArray(
            deletedRecords.id,
            entries.map((e) => e.id),
          ),
        );
        restored += entries.length;
        after = entries.at(-1)!.id;
        await yieldToOthers();
      }
    },
  };
  return trash;
}

export type Trash<R> = { restore(actor: Actor, ids: number[]): Promise<R[]> };
