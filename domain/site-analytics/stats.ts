import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { conversionKinds, type ConversionKind, type SiteAnalytics } from "#schemas/site-analytics.ts";
import { todayInIndia } from "#shared/india-time.ts";
import { rowsOf } from "../sql";

const TOP = 10;
const DAY_MS = 86_400_000;

/** `day` (YYYY-MM-DD) moved by `days`. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The moment India's day starts. */
const startOf = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** The India day of an event, as SQL. */
const DAY = sql`(at at time zone 'Asia/Kolkata')::date`;
/** Where a visitor came from: a campaign first, then the source it names, then another site, else Direct. */
const SOURCE = sql`coalesce('Campaign: ' || utm_campaign, utm_source, referrer, 'Direct')`;

const n = (value: unknown) => Number(value ?? 0);

/**
 * The last `days` days (today included, India's calendar) against the `days` before: visitors (a hash is one
 * visitor per day, so a week's visitors are the sum of its days'), views, pages, sources with the
 * conversions of the visitors they brought that day, countries and conversions by kind.
 */
export async function siteAnalyticsOf(db: Database, days: number, now = new Date()): Promise<SiteAnalytics> {
  const to = todayInIndia(now);
  const from = shift(to, -(days - 1));
  const previousFrom = shift(from, -days);
  const start = startOf(from);
  const end = startOf(shift(to, 1));
  const range = sql`at >= ${startOf(previousFrom).toISOString()} and at < ${end.toISOString()}`;
  const current = sql`at >= ${start.toISOString()} and at < ${end.toISOString()}`;

  const [daily, pages, sources, countries, kinds] = await Promise.all([
    rowsOf<{ day: string; visitors: number; views: number; conversions: number }>(
      db,
      sql`select ${DAY}::text as day,
            count(distinct visitor) filter (where kind = 'view') as visitors,
            coalesce(sum(count) filter (where kind = 'view'), 0) as views,
            coalesce(sum(count) filter (where kind = 'conversion'), 0) as conversions
          from site_events where ${range} group by 1`,
    ),
    rowsOf<{ path: string; visitors: number; views: number }>(
      db,
      sql`select path, count(distinct visitor) as visitors, sum(count) as views from site_events
          where kind = 'view' and ${current} group by path order by views desc, path limit ${TOP}`,
    ),
    rowsOf<{ source: string; visitors: number; conversions: number }>(
      db,
      sql`with first_views as (
            select distinct on (visitor, ${DAY}) visitor, ${DAY} as day, ${SOURCE} as source
            from site_events where kind = 'view' and ${current} order by visitor, ${DAY}, at
          ), converted as (
            select visitor, ${DAY} as day, sum(count) as conversions from site_events
            where kind = 'conversion' and ${current} group by 1, 2
          )
          select f.source, count(*) as visitors, coalesce(sum(c.conversions), 0) as conversions
          from first_views f left join converted c on c.visitor = f.visitor and c.day = f.day
          group by f.source order by visitors desc, conversions desc, f.source limit ${TOP}`,
    ),
    rowsOf<{ country: string | null; visitors: number }>(
      db,
      sql`select country, count(distinct (visitor, ${DAY})) as visitors from site_events
          where kind = 'view' and ${current} group by country order by visitors desc, country limit ${TOP}`,
    ),
    rowsOf<{ kind: ConversionKind; current: number; previous: number }>(
      db,
      sql`select path as kind, coalesce(sum(count) filter (where at >= ${start.toISOString()}), 0) as current,
            coalesce(sum(count) filter (where at < ${start.toISOString()}), 0) as previous
          from site_events where kind = 'conversion' and ${range} group by path`,
    ),
  ]);

  const byDay = new Map(daily.map((row) => [row.day, row]));
  const dayRows = Array.from({ length: days }, (_, i) => {
    const date = shift(from, i);
    const before = byDay.get(shift(date, -days));
    return {
      date,
      visitors: n(byDay.get(date)?.visitors),
      views: n(byDay.get(date)?.views),
      previous_visitors: n(before?.visitors),
      previous_views: n(before?.views),
    };
  });
  const sum = (key: "visitors" | "views" | "conversions", inCurrent: boolean) =>
    daily.filter((row) => row.day >= from === inCurrent).reduce((total, row) => total + n(row[key]), 0);
  const kindRow = new Map(kinds.map((row) => [row.kind, row]));
  return {
    from,
    to,
    visitors: { current: sum("visitors", true), previous: sum("visitors", false) },
    views: { current: sum("views", true), previous: sum("views", false) },
    conversions: { current: sum("conversions", true), previous: sum("conversions", false) },
    days: dayRows,
    pages: pages.map((row) => ({ path: row.path, visitors: n(row.visitors), views: n(row.views) })),
    sources: sources.map((row) => ({
      source: row.source,
      visitors: n(row.visitors),
      conversions: n(row.conversions),
    })),
    conversion_kinds: conversionKinds.map((kind) => ({
      kind,
      current: n(kindRow.get(kind)?.current),
      previous: n(kindRow.get(kind)?.previous),
    })),
    countries: countries.map((row) => ({ country: row.country, visitors: n(row.visitors) })),
  };
}
