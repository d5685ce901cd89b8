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

export interface RecorderOptions {
  now?: () => Date;
  /** How often the buffer is written (one insert per flush). */
  flushMs?: number;
  /** Past this many waiting events, new ones are dropped until the next flush (a flood must not eat memory). */
  maxPending?: number;
  log: { error(obj: object, msg: string): void };
}

/** The day's visitor id: a hash of the salt, address and browser, cut to 128 bits. */
export const visitorHash = (salt: string, client: Client) =>
  createHash("sha256")
    .update(`${salt}\u0000${client.address}\u0000${client.agent}`)
    .digest("hex")
    .slice(0, 32);

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
  // Keyed by everything a row holds: a burst of the same view is one row with its count, whatever the traffic.
  let pending = new Map<string, Pending>();
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
    event.client.agent = event.client.agent.slice(0, MAX_AGENT);
    const v = event.visit;
    const key = [
      todayInIndia(event.at),
      event.kind,
      event.path,
      event.client.address,
      event.client.agent,
      v?.referrer,
      v?.utmSource,
      v?.utmMedium,
      v?.utmCampaign,
      v?.country,
    ].join("\u0000");
    const same = pending.get(key);
    if (same) same.count++;
    else if (pending.size < maxPending) pending.set(key, { ...event, count: 1 });
  }

  async function flush() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [];
    for (const event of batch.values()) {
      const salt = await saltOf(todayInIndia(event.at));
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
      const { path, ...rest } = visit;
      push({ at: now(), kind: "view", path, client, visit: rest });
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
