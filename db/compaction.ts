import { inArray, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Database } from "./client";
import { compactionDue } from "./schema/index";

/**
 * An erasure (an UPDATE or DELETE) leaves the old row versions in the table's files, its TOAST and its
 * indexes until they are rewritten; a backup that copies the files would carry them
 * (docs/decisions/0019-erase-reaches-the-disk.md). Each erasure records the tables it changed in its own
 * transaction, and `compactErased` rewrites them (VACUUM FULL) right after it, on a timer and before a backup.
 */

/** Records, in the erasing transaction, that `tables` hold erased values until they are compacted. */
export async function oweCompaction(tx: Database, tables: PgTable[]): Promise<void> {
  const names = [...new Set(tables.map((table) => getTableConfig(table).name))];
  await tx.insert(compactionDue).values(names.map((tableName) => ({ tableName })));
}

/** How often every instance looks for compaction still due (one that was skipped, or cut off by a crash). */
export const COMPACTION_INTERVAL_MS = 60_000;

async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** False on a database from before compaction_due (an offline backup opens a database as it is). */
async function hasCompactionTable(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('compaction_due') is not null as exists`,
  );
  return row?.exists === true;
}

const fileOf = async (db: Database, table: string) =>
  (
    await rowsOf<{ node: number | null }>(db, sql`select pg_relation_filenode(to_regclass(${table})) as node`)
  )[0]?.node ?? null;

/**
 * Rewrites every table an erasure changed into new files (VACUUM FULL: the heap, its TOAST and its indexes;
 * the old files are emptied at once), so no dead row version keeps an erased value on disk. Answers the
 * tables rewritten. A table another session has locked is skipped rather than waited for (a queue behind
 * VACUUM FULL's exclusive lock would stall every request that reads it), and so is an erasure that a
 * snapshot still open may see (VACUUM keeps what it can see): both stay due for the next run.
 */
export async function compactErased(db: Database): Promise<string[]> {
  if (!(await hasCompactionTable(db))) return [];
  const due = await rowsOf<{ id: number; table_name: string }>(
    db,
    sql`select d.id, d.table_name from ${compactionDue} d
      where not exists (
        select 1 from pg_stat_activity a
        where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_xmin is not null
          and age(a.backend_xmin) >= age(d.erased_in::text::xid8::xid))`,
  );
  const compacted: string[] = [];
  for (const name of new Set(due.map((d) => d.table_name))) {
    // The embedded database answers on this thread: other requests get a turn between two tables.
    await yieldToOthers();
    const before = await fileOf(db, name);
    if (before !== null) {
      await db.execute(sql`vacuum (full, skip_locked) ${sql.identifier(name)}`);
      // VACUUM FULL always writes a new file; the same one means the table was locked and skipped.
      if ((await fileOf(db, name)) === before) continue;
    }
    compacted.push(name);
  }
  const done = due.filter((d) => compacted.includes(d.table_name)).map((d) => d.id);
  if (done.length > 0) await db.delete(compactionDue).where(inArray(compactionDue.id, done));
  return compacted;
}

/** Whether an erasure's tables still wait for compaction. */
export async function compactionPending(db: Database): Promise<boolean> {
  return (await hasCompactionTable(db)) && (await db.$count(compactionDue)) > 0;
}

/** Looks for compaction due every COMPACTION_INTERVAL_MS until `stop()`; a failure is reported and retried. */
export function startCompaction(db: Database, onError: (error: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= compactionPending(db)
      .then((pending) => (pending ? compactErased(db) : null))
      .catch(onError)
      .finally(() => (running = null));
  }, COMPACTION_INTERVAL_MS).unref();
  return {
    /** Stops the timer and waits for a compaction under way, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
