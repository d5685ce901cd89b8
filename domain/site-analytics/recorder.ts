import { createHash, randomBytes } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { siteEvents, siteSalts } from "#db/schema/index.ts";
import { RETENTION_DAYS, type ConversionKind } from "#schemas/site-analytics.ts";
import { todayInIndia } from "#shared/india-time.ts";
import { startPolling } from "../polling";
import { insertInBatches } from "../sql";
import { mayCount, type RequestFacts, type Visit } from "./visit";

/** Who did it, only for the day's hash: neither is stored. */
export interface Client {
  address: string;
  agent: string;
}

interface Pending {
  at: Date;
  kind: "view" | "conversion";
  path: string;
  client: Client;
  visit: Omit<Visit, "path"> | null;
  count: number;
}

const MAX_AGENT = 512;
/** Addresses whose rows are tallied in a day (~60 bytes each); past it, new addresses wait for the next day. */
const MAX_ADDRESSES = 100_000;

/** Who a budget belongs to: the address, or its /64 for IPv6 (one host may hold a whole /64), however written. */
function addressGroup(address: string) {
  if (!address.includes(":") || address.includes(".")) return address; // IPv4, also IPv4-mapped
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros: string[] = Array(Math.max(0, 8 - left.length - right.length)).fill("0");
  return [...left, ...zeros, ...right]
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":");
}

export interface RecorderOptions {
  now?: () => Date;
  /** How often the buffer is written (one insert per flush). */
  flushMs?: number;
  /** Past this many waiting events, new ones are dropped until the next flush (a flood must not eat memory). */
  maxPending?: number;
  /**
   * Rows one address (an IPv6 /64) may add in a day; its further new rows are dropped (a flood of
   * distinct browsers, referrers or campaigns must not fill the disk). Repeats of a waiting row still count.
   */
  maxRowsPerAddress?: number;
  log: { error(obj: object, msg: string): void };
}

/** The day's visitor id: a hash of the salt, address and browser, cut to 128 bits. */
export const visitorHash = (salt: string, client: Client) =>
  createHash("sha256")
    .update(`${salt}\u0000${client.address}\u0000${client.agent}`)
    .digest("hex")
    .slice(0, 32);

/** Every event of a buffer, however deeply it is keyed. */
function* eventsOf<T>(rows: Map<string, Map<string, Map<string, T>>>) {
  for (const byAddress of rows.values()) for (const byRest of byAddress.values()) yield* byRest.values();
}

/** The India date before `day` (YYYY-MM-DD). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Page views and conversions, counted as Plausible counts them. The request path only appends to a buffer;
 * a timer writes it in one insert, so a visitor never waits on the database for being counted.
 */
export function createSiteAnalyticsRecorder(db: Database, options: RecorderOptions) {
  const now = options.now ?? (() => new Date());
  const maxPending = options.maxPending ?? 10_000;
  const maxRowsPerAddress = options.maxRowsPerAddress ?? 1_000;
  // Rows each address added today: without it one client rotating its user agent or referrer wrote a row
  // per request, thousands a second, kept for RETENTION_DAYS.
  let budgetDay = "";
  const rowsByAddress = new Map<string, number>();
  // Keyed by everything a row holds, nested so a hit never builds a key out of its long strings: the user agent
  // (hashed once already by the bot check), then the address (one string per connection), then the short rest.
  // A burst of the same view is one row with its count, whatever the traffic.
  type Rows = Map<string, Map<string, Map<string, Pending>>>;
  let pending: Rows = new Map();
  let pendingSize = 0;
  // India's day (+05:30 all year), stamped once per day rather than formatted for every event.
  let dayText = "";
  let dayStart = 0;
  let dayEnd = -1;
  const dayOf = (at: Date) => {
    const t = at.getTime();
    if (t < dayStart || t >= dayEnd) {
      dayText = todayInIndia(at);
      dayStart = Date.parse(`${dayText}T00:00:00+05:30`);
      dayEnd = dayStart + 86_400_000;
    }
    return dayText;
  };
  const salts = new Map<string, string>();

  /** The day's salt, made by whichever instance needs it first; salts older than yesterday are deleted. */
  async function saltOf(day: string) {
    const known = salts.get(day);
    if (known) return known;
    await db
      .insert(siteSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(siteSalts)
      .where(sql`${siteSalts.day} = ${day}`);
    await db.delete(siteSalts).where(lt(siteSalts.day, dayBefore(todayInIndia(now()))));
    for (const old of salts.keys()) if (old < day) salts.delete(old);
    salts.set(day, row!.salt);
    return row!.salt;
  }

  function push(event: Omit<Pending, "count">) {
    // A header may be kilobytes; what tells browsers apart fits in far less, and the buffer stays small.
    const agent =
      event.client.agent.length > MAX_AGENT ? event.client.agent.slice(0, MAX_AGENT) : event.client.agent;
    event.client.agent = agent;
    const v = event.visit;
    const day = dayOf(event.at);
    // The common view (no referrer, campaign or country) is keyed by its day and path, a short string.
    const rest =
      v && v.referrer === null && v.utmSource === null && v.utmMedium === null && v.utmCampaign === null
        ? event.kind === "view" && v.country === null
          ? `${day}\u0000${event.path}`
          : `${day}\u0000${event.kind}\u0000${event.path}\u0000${v.country ?? ""}`
        : [
            day,
            event.kind,
            event.path,
            v?.referrer,
            v?.utmSource,
            v?.utmMedium,
            v?.utmCampaign,
            v?.country,
          ].join("\u0000");
    let byAddress = pending.get(agent);
    let byRest = byAddress?.get(event.client.address);
    const same = byRest?.get(rest);
    if (same) {
      same.count++;
      return;
    }
    if (pendingSize >= maxPending) return;
    if (day !== budgetDay) {
      budgetDay = day;
      rowsByAddress.clear();
    }
    const who = addressGroup(event.client.address);
    const rows = rowsByAddress.get(who) ?? 0;
    if (rows >= maxRowsPerAddress || (rows === 0 && rowsByAddress.size >= MAX_ADDRESSES)) return;
    rowsByAddress.set(who, rows + 1);
    if (!byAddress) pending.set(agent, (byAddress = new Map()));
    if (!byRest) byAddress.set(event.client.address, (byRest = new Map()));
    byRest.set(rest, { ...event, count: 1 });
    pendingSize++;
  }

  async function flush() {
    if (pendingSize === 0) return;
    const batch = pending;
    pending = new Map();
    pendingSize = 0;
    const rows = [];
    for (const event of eventsOf(batch)) {
      const salt = await saltOf(dayOf(event.at));
      rows.push({
        at: event.at,
        kind: event.kind,
        path: event.path,
        visitor: visitorHash(salt, event.client),
        referrer: event.visit?.referrer ?? null,
        utmSource: event.visit?.utmSource ?? null,
        utmMedium: event.visit?.utmMedium ?? null,
        utmCampaign: event.visit?.utmCampaign ?? null,
        country: event.visit?.country ?? null,
        count: event.count,
      });
    }
    await insertInBatches(rows, (part) => db.insert(siteEvents).values(part));
  }

  /** Salts go after yesterday (also on a day without visitors); events after RETENTION_DAYS. */
  async function purge() {
    await db.delete(siteSalts).where(lt(siteSalts.day, dayBefore(todayInIndia(now()))));
    await db
      .delete(siteEvents)
      .where(lt(siteEvents.at, new Date(now().getTime() - RETENTION_DAYS * 86_400_000)));
  }

  const flushLogged = () =>
    flush().catch((error) =>
      options.log.error({ err: error }, "writing site analytics failed; those views are lost"),
    );

  return {
    /** A page view the visitor got (a 200 page): counted at the next flush. */
    view(visit: Visit, client: Client) {
      push({ at: now(), kind: "view", path: visit.path, client, visit });
    },
    /** A visitor's enquiry, application, subscription or booking went through; skipped for bots and DNT. */
    conversion(kind: ConversionKind, request: Pick<RequestFacts, "headers">, address: string) {
      if (!mayCount(request.headers)) return;
      push({
        at: now(),
        kind: "conversion",
        path: kind,
        client: { address, agent: String(request.headers["user-agent"]) },
        visit: null,
      });
    },
    flush,
    /** Writes every `flushMs` until stopped, and deletes old events hourly; stopping writes what is left. */
    start() {
      const writer = startPolling(flushLogged, options.flushMs ?? 2_000);
      const purger = startPolling(
        () =>
          purge().catch((error) => options.log.error({ err: error }, "deleting old site analytics failed")),
        3_600_000,
      );
      return {
        async stop() {
          await Promise.all([writer.stop(), purger.stop()]);
          await flushLogged();
        },
      };
    },
    purge,
  };
}
export type SiteAnalyticsRecorder = ReturnType<typeof createSiteAnalyticsRecorder>;
