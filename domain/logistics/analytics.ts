import { and, count, desc, getTableName, gte, lt, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  addDays,
  analyticsRange,
  todayInIndia,
  type AnalyticsEntity,
  type AnalyticsPeriod,
  type AnalyticsQuery,
} from "#schemas/logistics.ts";
import { toCsv } from "../csv";
import { EXPORT_LIMIT, offsetOf, rowsOf, searchCondition, startOfIndianDay } from "./common";
import { orderBy } from "../sql";
import { entityViews, type TableRow } from "./analytics-views";
import { isWholePeriod, periodRanges, type PeriodRange } from "./analytics-periods";

/**
 * The KPI tiles and the overall chart count these tables by their creation time. Rows an import created
 * (`imported`: the table has import_batch_id) are counted apart, in the "Imported" tile: an import of 2,000
 * members is not 2,000 sign-ups. `counted` tables (millions of rows) are read from their daily counts
 * (logistics_daily_counts, kept by triggers) except for hours, and the part-day the previous period ends on.
 */
const overallSources = [
  { key: "member", label: "New members", table: "members", imported: true, counted: true },
  { key: "load", label: "Loads", table: "loads", imported: true, counted: true },
  { key: "truck", label: "Trucks", table: "trucks", imported: true, counted: true },
  { key: "driver", label: "Drivers", table: "drivers", imported: true, counted: true },
  {
    key: "buy_sell",
    label: "Buy & sell listings",
    table: "buy_sell_listings",
    imported: true,
    counted: true,
  },
  {
    key: "service_request",
    label: "Insurance & FASTag requests",
    table: "service_requests",
    imported: false,
    counted: false,
  },
  { key: "enquiry", label: "Website enquiries", table: "contact_requests", imported: false, counted: false },
  { key: "lead", label: "CRM leads", table: "crm_leads", imported: true, counted: false },
] as const;
/** The tile of every record an import created in the period, whatever its list. */
const importedTile = { key: "imported", label: "Imported" } as const;
export type OverallKey = (typeof overallSources)[number]["key"] | typeof importedTile.key;

export { periodRanges, type PeriodRange } from "./analytics-periods";

/** Change in percent, rounded to one decimal; null when there was nothing to compare with. */
export const changePercent = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;

const begin = (r: PeriodRange) => startOfIndianDay(r.from);
const end = (r: PeriodRange) => startOfIndianDay(addDays(r.to, 1));

/** Every day from `from` to `to` inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function createAnalyticsService(db: Database) {
  /** The defaults of schemas/logistics.ts, whose limit (at most 366 days) applies to exactly this range. */
  function rangeOf(query: Pick<AnalyticsQuery, "from_date" | "to_date">) {
    return analyticsRange(query, todayInIndia());
  }

  function entityWhere(
    entity: AnalyticsEntity,
    query: Pick<AnalyticsQuery, "from_date" | "to_date" | "search" | "sort">,
  ) {
    const view = entityViews[entity];
    const { from, to } = rangeOf(query);
    return {
      from,
      to,
      condition: and(
        gte(view.created, startOfIndianDay(from)),
        lt(view.created, startOfIndianDay(addDays(to, 1))),
        searchCondition(view.search, query.search),
      ),
    };
  }

  return {
    /**
     * KPI tiles (current, previous, change) and the overall chart (hourly for today, else daily): one
     * grouped pass per table over both periods, bucketed by whole hours or days since the window start
     * (plain arithmetic on the indexed created_at; India has a fixed +05:30 offset).
     */
    async overall(period: AnalyticsPeriod, now = new Date()) {
      const today = todayInIndia(now);
      const { current, previous } = periodRanges(period, today);
      const hourly = period === "today";
      const unit = hourly ? 3600 : 86400;
      const origin = begin(previous);
      const originText = origin.toISOString();
      // One contiguous range (previous start → current end) lets PostgreSQL answer from the created_at
      // index alone; buckets between the two periods (month-to-date gaps) are simply not counted.
      const inPeriods = sql`created_at >= ${originText}::timestamptz and created_at < ${end(current).toISOString()}::timestamptz`;
      // Like with like: a period under way is compared with the period before only up to the same time of its
      // last day as now (today until 14:35 against yesterday until 14:35), or a day under way always looks like
      // a fall; a whole week or month that has ended, with the whole one before.
      const sinceMidnight = now.getTime() - startOfIndianDay(today).getTime();
      const previousUntil = isWholePeriod(period)
        ? end(previous)
        : new Date(startOfIndianDay(previous.to).getTime() + sinceMidnight);
      const untilText = previousUntil.toISOString();
      // By hand (null) or imported (not null); tables no import writes have only the first.
      const counts = (imported: boolean) =>
        imported
          ? sql`count(*) filter (where import_batch_id is null) as n,
              count(*) filter (where import_batch_id is null and created_at < ${untilText}::timestamptz) as np,
              count(*) filter (where import_batch_id is not null) as ni,
              count(*) filter (where import_batch_id is not null and created_at < ${untilText}::timestamptz) as nip`
          : sql`count(*) as n, count(*) filter (where created_at < ${untilText}::timestamptz) as np, 0 as ni, 0 as nip`;
      // Hourly (today) counts rows; by day, the big tables' daily counts stand in for their rows.
      const byDays = !hourly;
      const raw = overallSources.filter((s) => !(byDays && s.counted));
      const counted = overallSources.filter((s) => byDays && s.counted);
      type Grouped = { key: string; b: number | string } & Record<"n" | "np" | "ni" | "nip", number | string>;
      // One statement each (the counted tables', the rest's, the part-day's): a request holds at most three
      // connections, however many tables the tiles count.
      const statements: Promise<Grouped[]>[] = [];
      if (raw.length)
        statements.push(
          rowsOf<Grouped>(
            db,
            sql.join(
              raw.map(
                (
                  s,
                ) => sql`(select ${s.key}::text as key, floor(date_part('epoch', created_at - ${originText}::timestamptz) / ${sql.raw(String(unit))})::int as b,
                ${counts(s.imported)}
                from ${sql.identifier(s.table)} where ${inPeriods} group by 2)`,
              ),
              sql` union all `,
            ),
          ),
        );
      if (counted.length) {
        const keyOf = sql.raw(
          `case table_name ${counted.map((s) => `when '${s.table}' then '${s.key}'`).join(" ")} end`,
        );
        const tables = sql.raw(counted.map((s) => `'${s.table}'`).join(","));
        // Every day before the one the previous period is cut on counts whole (np = n); that day is counted
        // from the rows up to the cut below (a whole period's cut is its end: that day counts whole too).
        const cutDay = isWholePeriod(period) ? null : previous.to;
        statements.push(
          rowsOf<Grouped>(
            db,
            sql`select ${keyOf} as key, (day - ${previous.from}::date)::int as b,
              coalesce(sum(n) filter (where not imported), 0) as n,
              coalesce(sum(n) filter (where not imported and day <> ${cutDay ?? "1970-01-01"}::date), 0) as np,
              coalesce(sum(n) filter (where imported), 0) as ni,
              coalesce(sum(n) filter (where imported and day <> ${cutDay ?? "1970-01-01"}::date), 0) as nip
              from logistics_daily_counts
              where table_name in (${tables}) and day >= ${previous.from}::date and day <= ${current.to}::date
              group by 1, 2`,
          ),
        );
        if (cutDay) {
          const cutStart = begin({ from: cutDay, to: cutDay }).toISOString();
          const b = daysOf(previous.from, cutDay).length - 1;
          statements.push(
            rowsOf<Grouped>(
              db,
              sql.join(
                counted.map(
                  (s) => sql`(select ${s.key}::text as key, ${b}::int as b, 0 as n,
                    count(*) filter (where import_batch_id is null) as np, 0 as ni,
                    count(*) filter (where import_batch_id is not null) as nip
                    from ${sql.identifier(s.table)}
                    where created_at >= ${cutStart}::timestamptz and created_at < ${untilText}::timestamptz)`,
                ),
                sql` union all `,
              ),
            ),
          );
        }
      }
      const grouped = (await Promise.all(statements)).flat();
      // Bucket b → hour of yesterday/today, or the day origin + b.
      const label = (b: number) =>
        hourly
          ? { day: b < 24 ? previous.from : current.from, slot: `${String(b % 24).padStart(2, "0")}:00` }
          : { day: addDays(previous.from, b), slot: addDays(previous.from, b) };
      const inRange = (day: string, r: PeriodRange) => day >= r.from && day <= r.to;
      const slots = hourly
        ? Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`)
        : daysOf(current.from, current.to);
      const tiles = [...overallSources, importedTile];
      const chart = slots.map((slot) =>
        Object.fromEntries([["bucket", slot], ...tiles.map((s) => [s.key, 0])]),
      ) as Record<string, string | number>[];
      const totals = new Map<string, { current: number; previous: number }>(
        tiles.map((s) => [s.key, { current: 0, previous: 0 }]),
      );
      const add = (key: string, day: string, slot: string, n: number, np: number) => {
        const total = totals.get(key)!;
        if (inRange(day, current)) {
          total.current += n;
          const point = chart[slots.indexOf(slot)];
          if (point) point[key] = Number(point[key]) + n;
        } else if (inRange(day, previous)) total.previous += np;
      };
      for (const row of grouped) {
        const { day, slot } = label(Number(row.b));
        add(row.key, day, slot, Number(row.n), Number(row.np));
        add(importedTile.key, day, slot, Number(row.ni), Number(row.nip));
      }
      return {
        period,
        current,
        previous,
        /** The period before is counted up to this moment (the same time of day as now). */
        previous_until: untilText,
        kpis: tiles.map((s) => {
          const { current: cur, previous: prev } = totals.get(s.key)!;
          return {
            key: s.key,
            label: s.label,
            current: cur,
            previous: prev,
            change_pct: changePercent(cur, prev),
          };
        }),
        chart,
      };
    },

    /** One entity over from_date..to_date: the daily line and a page of the table. */
    async entity(entity: AnalyticsEntity, query: AnalyticsQuery) {
      const view = entityViews[entity];
      const { from, to, condition } = entityWhere(entity, query);
      const origin = startOfIndianDay(from).toISOString();
      // The origin is inlined (an ISO timestamp we made): a bound parameter would make the SELECT and
      // GROUP BY expressions differ in PostgreSQL's eyes.
      const day = sql<number>`floor(date_part('epoch', ${view.created} - ${sql.raw(`'${origin}'`)}::timestamptz) / 86400)::int`;
      const page = view
        .select(db)
        .where(condition)
        .orderBy(...orderBy(query.sort, {}, desc(view.created), view.table.id))
        .limit(query.page_size)
        .offset(offsetOf(query));
      // Without search the chart and the total are the table's daily counts (kept by triggers): exact, and
      // a few dozen rows to read instead of every row of the range.
      const [daily, rows] = await Promise.all([
        query.search?.trim()
          ? db.select({ day, n: count() }).from(view.table).where(condition).groupBy(day)
          : rowsOf<{ day: number; n: number | string }>(
              db,
              sql`select (day - ${from}::date)::int as day, sum(n) as n from logistics_daily_counts
                where table_name = ${getTableName(view.table)} and day >= ${from}::date and day <= ${to}::date
                group by day having sum(n) <> 0`,
            ),
        page,
      ]);
      const n = daily.reduce((sum, d) => sum + Number(d.n), 0);
      const byDay = new Map(daily.map((d) => [addDays(from, Number(d.day)), Number(d.n)]));
      return {
        from_date: from,
        to_date: to,
        chart: daysOf(from, to).map((date) => ({ date, count: byDay.get(date) ?? 0 })),
        rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }) as TableRow),
        total: n,
      };
    },

    /** Exactly the rows the range and search select, with the spec's column headings. */
    async exportCsv(
      entity: AnalyticsEntity,
      query: Pick<AnalyticsQuery, "from_date" | "to_date" | "search" | "sort">,
    ) {
      const view = entityViews[entity];
      const { condition } = entityWhere(entity, query);
      const rows = (await view
        .select(db)
        .where(condition)
        .orderBy(...orderBy(query.sort, {}, desc(view.created), view.table.id))
        .limit(EXPORT_LIMIT)) as unknown as Record<string, unknown>[];
      return toCsv(
        view.columns.map((c) => c.header),
        rows.map((r) => view.columns.map((c) => r[c.key])),
      );
    },
  };
}
