import { and, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { members } from "#db/schema/index.ts";
import { formatPhone } from "#schemas/phone.ts";
import { stateOptions } from "#schemas/logistics-options.ts";
import { addDays } from "#schemas/logistics.ts";
import { likePattern, rowsOf } from "../sql";
import { causes, DomainError } from "../errors";

/**
 * A state column in the order of the states' names, as the forms list them: the stored numbers are stable
 * but not alphabetical (34-36 were added after West Bengal).
 */
export const byStateName = (column: AnyColumn): SQL =>
  sql`array_position(${sql.raw(`array[${stateOptions.map((s) => s.value).join(",")}]::int[]`)}, ${column})`;

/** India has one time zone and no daylight saving: a calendar date starts at 00:00 +05:30. */
export const startOfIndianDay = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** `column` on or after `from` and on or before `to` (whole India days); either may be absent. */
export function dateRange(column: AnyColumn, from?: string, to?: string): SQL | undefined {
  return and(
    from ? gte(column, startOfIndianDay(from)) : undefined,
    to ? lt(column, startOfIndianDay(addDays(to, 1))) : undefined,
  );
}

/**
 * The search box: the typed text as a plain substring (LIKE wildcards escaped) of the table's search
 * document. Text that looks like a phone or vehicle number ("98765 43210", "MH 12 AB") also matches its
 * compact stored form ("+919876543210", "MH12AB…").
 */
export function searchCondition(
  document: SQL,
  text: string | undefined,
  narrowedByFilter = false,
): SQL | undefined {
  const raw = text?.trim();
  if (!raw) return undefined;
  // When a selective btree filter (e.g. state) already narrows the rows to a few thousand, checking each
  // of them is 3-5x cheaper than a trigram index scan, which PostgreSQL's estimates tend to prefer; the
  // `|| ''` makes the expression differ from the indexed one so the planner takes the btree path.
  if (narrowedByFilter) document = sql`(${document} || '')`;
  const variants = [raw];
  if (/\d/.test(raw) && /^[\w\s().+-]+$/.test(raw)) {
    const compact = raw.replace(/[\s().-]/g, "");
    if (compact && compact !== raw) variants.push(compact);
  }
  return or(...variants.map((v) => sql`(${document}) ilike ${likePattern(v)}`));
}

/** ORDER BY from an allowlist (`name` or `-name`); anything else is newest first. */
export const offsetOf = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;

/** CSV exports stop here; the console says how many rows a filter selects before anyone exports. */
export const EXPORT_LIMIT = 50_000;

export const iso = (d: Date) => d.toISOString();

/** The fields every view of a member starts with: who, their company and state. */
export const memberBasics = (r: {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  company: string;
  state: number;
}) => ({
  user_id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  phone: r.phone,
  company: r.company,
  state: r.state,
});

/** The member a record belongs to, found by the verified mobile number. */
export async function memberByPhone(db: Database, phone: string, field = "contact_no") {
  const [member] = await db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(sql`${members.phone} = ${phone}`);
  if (!member) {
    const message = `No member has the mobile number ${formatPhone(phone)}. Create the member first, then verify the number.`;
    throw new DomainError("invalid", message, { fields: { [field]: message } });
  }
  return member;
}

/** True when the error is PostgreSQL's unique violation (also when wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of causes(error)) if ((e as { code?: string }).code === "23505") return true;
  return false;
}

export const notFound = (what: string) =>
  new DomainError("not_found", `${what} not found. It may have been deleted; refresh the list.`);

/** Drops keys whose value is undefined, so a PATCH changes only what it names. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Totals are exact up to COUNT_CAP matching rows and reported as COUNT_CAP with `capped` beyond it
 * (docs/decisions/0004-logistics-list-counts-and-indexes.md): counting stops early, so a broad filter on a
 * million rows costs no more than a narrow one.
 */
export const COUNT_CAP = 10_000;

/** Rows of one raw statement, whichever engine runs it. */
export { rowsOf };

export async function boundedCount(
  db: Database,
  from: PgTable | SQL,
  condition: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from ${from}${condition ? sql` where ${condition}` : sql``} limit ${COUNT_CAP + 1}) as bounded`,
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** One page of `rows` (a dynamic select) where `condition` holds, in `order`; and the bounded count of them all. */
export async function listPage<Q extends PgSelect>(
  db: Database,
  from: PgTable & { id: AnyPgColumn },
  rows: Q,
  condition: SQL | undefined,
  order: (SQL | AnyPgColumn)[],
  query: { page: number; page_size: number },
) {
  const { ids, ...total } = await pageIdsAndCount(db, from, condition, order, query);
  const page = ids.length ? await rows.where(inArray(from.id, ids)).orderBy(...order) : [];
  return { ...total, rows: page as Awaited<Q> };
}

/**
 * The ids of one page and the bounded count (COUNT_CAP) of the rows `condition` selects, in one pass over
 * them: the filter and the search are checked once per row, in an index that holds their columns where
 * there is one (db/schema/logistics.ts), and the table is read only for the page's own rows afterwards.
 * One statement, so a list request holds one connection of the pool at a time.
 */
export async function pageIdsAndCount(
  db: Database,
  from: PgTable & { id: AnyPgColumn },
  condition: SQL | undefined,
  order: (SQL | AnyPgColumn)[],
  query: { page: number; page_size: number },
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const skip = offsetOf(query);
  const upTo = skip + query.page_size;
  const orderSql = sql.join(order, sql`, `);
  const [row] = await rowsOf<{ n: number | string; ids: string | null }>(
    db,
    sql`with matching as (
      select ${from.id} as id, row_number() over (order by ${orderSql}) as rn from ${from}
      ${condition ? sql`where ${condition}` : sql``}
      order by ${orderSql} limit ${Math.max(COUNT_CAP + 1, upTo)}
    )
    select count(*) as n, string_agg(id::text, ',' order by rn) filter (where rn > ${skip} and rn <= ${upTo}) as ids
    from matching`,
  );
  const n = Number(row?.n ?? 0);
  return {
    ids: row?.ids ? row.ids.split(",").map(Number) : [],
    ...(n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false }),
  };
}
