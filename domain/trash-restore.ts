import { sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import type { deletedRecords } from "#db/schema/index.ts";
import { causes, DomainError } from "./errors";
import type { IdTable, TrashSpec } from "./trash";

/** Where the ids of set-null rows are kept in an entry's `dependents`, beside cascaded rows by table name. */
export const RELINK = "set null:";

const sqlStateOf = (error: unknown) => {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^\d{2}[0-9A-Z]{3}$/.test(code)) return code;
  }
  return undefined;
};

/**
 * Re-inserts rows saved with `to_jsonb` into their table, ids and all (generated columns recompute). A column
 * added by a migration after the row was trashed is left out, so it takes its default instead of null.
 */
async function reinsert(tx: Database, table: PgTable, rows: unknown[]) {
  if (rows.length === 0) return;
  const saved = rows as Record<string, unknown>[];
  const columns = getTableConfig(table)
    .columns.filter((c) => !c.generated && saved.every((row) => c.name in row))
    .map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/**
 * Re-inserts trash entries' rows and their cascaded dependents, and points set-null rows back at them.
 * A unique key or a missing parent is a conflict (the caller's transaction then changes nothing).
 */
export async function putBack<T extends IdTable, R>(
  tx: Database,
  spec: TrashSpec<T, R>,
  entries: (typeof deletedRecords.$inferSelect)[],
) {
  const { table } = spec;
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
      throw new DomainError(
        "conflict",
        `${spec.what} cannot be restored: a record with the same id or key exists.`,
      );
    if (code === "23503")
      throw new DomainError(
        "conflict",
        `${spec.what} cannot be restored: a record it belongs to was deleted.`,
      );
    throw error;
  }
}
