import { lte, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "../../db/client";
import { rateLimitHits } from "../../db/schema/index";

/** A request counter every instance shares: hits of `key` in the current fixed window, and the ms left in it. */
export interface RateLimitCounter {
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/** How often windows that ended are deleted (at most once a minute per instance, after a hit). */
const SWEEP_EVERY_MS = 60_000;

/** Counters in PostgreSQL (or the embedded database): one UPSERT per hit. */
export function createDatabaseCounter(
  db: Database,
  now = () => Date.now(),
): RateLimitCounter & {
  sweep(): Promise<number>;
} {
  let lastSweep = now();
  async function sweep() {
    const ended = await db
      .delete(rateLimitHits)
      .where(lte(sql`${rateLimitHits.windowStart} + ${rateLimitHits.windowMs}`, now()))
      .returning({ key: rateLimitHits.key });
    return ended.length;
  }
  return {
    sweep,
    async hit(key, windowMs) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, windowMs })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ hits: rateLimitHits.hits });
      if (at - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = at;
        // The table only grows by old windows; a failed sweep is retried on a later hit.
        sweep().catch(() => (lastSweep = 0));
      }
      return { current: row!.hits, ttl: windowStart + windowMs - at };
    },
  };
}

/** INCR, and the window's expiry set by the hit that opened it; one round trip. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis (`REDIS_URL`): keys expire with their window. */
export function createRedisCounter(redis: Redis, prefix = "gcc:rate:"): RateLimitCounter {
  return {
    async hit(key, windowMs) {
      const [current, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return { current, ttl: ttl > 0 ? ttl : windowMs };
    },
  };
}
