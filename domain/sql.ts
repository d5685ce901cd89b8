import { asc, desc, ilike, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { DomainError } from "./errors";

/** A case-insensitive "contains" pattern for ILIKE that escapes LIKE wildcards, so "50%" means the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's search box: rows where any of `columns` contains `search`, whatever its case; no search, no condition. */
export const containsAny = (search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined => {
  if (!search) return undefined;
  const p = likePattern(search);
  return or(...columns.map((column) => ilike(column, p)));
};

/**
 * The ORDER BY of a console list: `sort` names one of `sortable`'s keys, "-" first for descending, then the
 * id breaks ties so paging is stable. No sort gives `fallback`. Any other name, `toString` and
 * `__proto__` included, is refused as invalid with the names that work.
 */
export function orderBy(
  sort: string | undefined,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: SQL,
  id: AnyColumn,
): SQL[] {
  if (!sort) return [fallback, desc(id)];
  const descending = sort.startsWith("-");
  const key = descending ? sort.slice(1) : sort;
  if (!Object.hasOwn(sortable, key)) {
    const names = Object.keys(sortable);
    const message = names.length
      ? `This list cannot be sorted by "${key}". Sort by one of: ${names.join(", ")} (a leading "-" sorts descending).`
      : "This list has a fixed order and cannot be sorted.";
    throw new DomainError("invalid", message, { fields: { sort: message } });
  }
  const column = sortable[key]!;
  return [descending ? desc(column) : asc(column), desc(id)];
}

/**
 * Rows per multi-row INSERT: PostgreSQL (and PGlite) take at most 65,535 parameters in one statement, so
 * 10,000 audit entries of 7 columns each must go in several.
 */
export const INSERT_BATCH_ROWS = 1_000;

/** `rows` in slices of INSERT_BATCH_ROWS, one statement each, in order. */
export async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) await insert(rows.slice(i, i + INSERT_BATCH_ROWS));
}

/** Rows of one raw statement, whichever engine runs it. */
export async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
