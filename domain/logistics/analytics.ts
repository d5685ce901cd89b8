import { and, count, desc, gte, lt, sql } from "drizzle-orm";
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
 * members is not 2,000 sign-ups.
 */
const overallSources = [
  { key: "member", label: "New members", table: "members", imported: true },
  { key: "load", label: "Loads", table: "loads", imported: true },
  { key: "truck", label: "Trucks", table: "trucks", imported: true },
  { key: "driver", label: "Drivers", table: "drivers", imported: true },
  { key: "buy_sell", label: "Buy & sell listings", table: "buy_sell_listings", imported: true },
  {
    key: "service_request",
    label: "Insurance & FASTag requests",
    table: "service_requests",
    imported: false,
  },
  { key: "enquiry", label: "Website enquiries", table: "contact_requests", imported: false },
  { key: "lead", label: "CRM leads", table: "crm_leads", imported: true },
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
      // One query per table, sent together: on PostgreSQL they run on separate connections in parallel.
      const grouped = (
        await Promise.all(
          overallSources.map((s) =>
            rowsOf<{ key: string; b: number | string } & Record<"n" | "np" | "ni" | "nip", number | string>>(
              db,
              sql`select ${s.key}::text as key, floor(date_part('epoch', created_at - ${originText}::timestamptz) / ${sql.raw(String(unit))})::int as b,
                ${counts(s.imported)}
                from ${sql.identifier(s.table)} where ${inPeriods} group by 2`,
            ),
          ),
        )
      ).flat();
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
      const [daily, rows, [{ n } = { n: 0 }]] = await Promise.all([
        db.select({ day, n: count() }).from(view.table).where(condition).groupBy(day),
        view
          .select(db)
          .where(condition)
          .orderBy(...orderBy(query.sort, {}, desc(view.created), view.table.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(view.table).where(condition),
      ]);
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
