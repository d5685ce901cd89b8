import { MAX_MATCHING } from "../schemas/bulk";
import { and, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { deletedRecords } from "../db/schema/index";
import type { Actor, AuditService } from "./audit/service";
import { causes, HttpError } from "./errors";

/** How long a deleted record can be put back (the Undo toast shows for seconds; this leaves room to spare). */
export const TRASH_MINUTES = 10;
const expired = sql`now() - make_interval(mins => ${TRASH_MINUTES})`;

type IdTable = PgTable & { id: AnyPgColumn };

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
}

interface Dependent {
  table: PgTable;
  column: AnyPgColumn;
  onDelete?: "cascade" | "set null";
}

/** Where the ids of set-null rows are kept in an entry's `dependents`, beside cascaded rows by table name. */
const RELINK = "set null:";

/** Rows of one raw statement, whichever engine runs it. */
async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const sqlStateOf = (error: unknown) => {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^\d{2}[0-9A-Z]{3}$/.test(code)) return code;
  }
  return undefined;
};

/** Re-inserts rows saved with `to_jsonb` into their table, ids and all (generated columns recompute). */
async function reinsert(tx: Database, table: PgTable, rows: unknown[]) {
  if (rows.length === 0) return;
  const columns = getTableConfig(table)
    .columns.filter((c) => !c.generated)
    .map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/**
 * Soft delete for one table: a delete moves the rows (and their cascaded dependents) into `deleted_records`
 * with their "delete" audit entries; `restore` puts them back with their ids and a "restore" entry. Trash
 * older than TRASH_MINUTES is purged on every delete.
 */
export function trashOf<T extends IdTable, R>(db: Database, audit: AuditService, spec: TrashSpec<T, R>) {
  const { table, resource } = spec;
  type Row = T["$inferSelect"];
  const idOf = (row: Row) => (row as { id: number }).id;

  return {
    /** Deletes the rows `where` selects, inside the caller's transaction; answers the rows deleted. */
    async discard(tx: Database, actor: Actor, where: SQL | undefined): Promise<Row[]> {
      await tx.delete(deletedRecords).where(lt(deletedRecords.deletedAt, expired));
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(where)) as Row[];
      if (rows.length === 0) return [];
      const ids = rows.map(idOf);
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
      await tx.insert(deletedRecords).values(
        saved.map(({ id, row }) => ({
          resource,
          recordId: Number(id),
          row,
          dependents: dependents.get(Number(id)) ?? {},
          deletedBy: actor.operatorId,
        })),
      );
      await tx.delete(table).where(inArray(table.id, ids));
      await audit.recordMany(
        actor,
        "delete",
        resource,
        rows.map((row) => ({ id: idOf(row), before: spec.describe(row) })),
        tx,
      );
      return rows;
    },

    /** "Select all N matching": deletes the rows `where` selects (at most MAX_MATCHING) in one transaction; answers their ids. */
    async discardMatching(actor: Actor, where: SQL | undefined): Promise<number[]> {
      return db.transaction(async (tx) => {
        const matching = await tx
          .select({ id: table.id })
          .from(table as PgTable)
          .where(where)
          .limit(MAX_MATCHING);
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
              gt(deletedRecords.deletedAt, expired),
            ),
          )
          .orderBy(desc(deletedRecords.deletedAt));
        // The latest copy of each record, should one have been deleted twice.
        const latest = new Map<number, (typeof found)[number]>();
        for (const entry of found) if (!latest.has(entry.recordId)) latest.set(entry.recordId, entry);
        const missing = wanted.filter((id) => !latest.has(id));
        if (missing.length > 0)
          throw new HttpError(
            404,
            `${spec.what} ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? "…" : ""} cannot be restored: it is not in the trash (deletes can be undone for ${TRASH_MINUTES} minutes).`,
          );
        const entries = [...latest.values()];
        try {
          await reinsert(
            tx,
            table,
            entries.map((e) => e.row),
          );
          for (const dep of spec.dependents ?? []) {
            const name = getTableConfig(dep.table).name;
            const saved = (e: (typeof entries)[number], key: string) =>
              (e.dependents as Record<string, unknown[]>)[key] ?? [];
            if (dep.onDelete !== "set null") {
              await reinsert(
                tx,
                dep.table,
                entries.flatMap((e) => saved(e, name)),
              );
              continue;
            }
            // Only rows still pointing nowhere: one re-assigned since belongs to its new owner.
            for (const e of entries) {
              const ids = saved(e, `${RELINK}${name}`).map(Number);
              if (ids.length > 0)
                await tx.execute(
                  sql`update ${dep.table} set ${sql.identifier(dep.column.name)} = ${e.recordId} where id in ${sql`(${sql.join(
                    ids.map((id) => sql`${id}`),
                    sql`, `,
                  )})`} and ${sql.identifier(dep.column.name)} is null`,
                );
            }
          }
        } catch (error) {
          const code = sqlStateOf(error);
          if (code === "23505")
            throw new HttpError(
              409,
              `${spec.what} cannot be restored: a record with the same id or key exists.`,
            );
          if (code === "23503")
            throw new HttpError(409, `${spec.what} cannot be restored: a record it belongs to was deleted.`);
          throw error;
        }
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
  };
}

export type Trash<R> = { restore(actor: Actor, ids: number[]): Promise<R[]> };
