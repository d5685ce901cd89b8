import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "#db/client.ts";
import { rateLimitHits } from "#db/schema/index.ts";

/**
 * A counter every instance shares: what `key` added up to in the current fixed window (requests, or bytes when
 * `amount` is given; a negative amount gives some back), and the ms left in the window.
 */
export interface RateLimitCounter {
  hit(key: string, windowMs: number, amount?: number): Promise<{ current: number; ttl: number }>;
  /** Takes back one hit of `key` in the current window (a post that was refused after all); never below 0. */
  refund(key: string, windowMs: number): Promise<void>;
}

// The database column is a 32-bit integer: a byte count stops there rather than overflowing into an error.
const MAX_COUNT = 2_147_483_647;

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
    async hit(key, windowMs, amount = 1) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, windowMs, hits: Math.min(amount, MAX_COUNT) })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`least(${rateLimitHits.hits}::bigint + ${amount}, ${MAX_COUNT})::integer` },
        })
        .returning({ hits: rateLimitHits.hits });
      if (at - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = at;
        // The table only grows by old windows; a failed sweep is retried on a later hit.
        sweep().catch(() => (lastSweep = 0));
      }
      return { current: row!.hits, ttl: windowStart + windowMs - at };
    },
    async refund(key, windowMs) {
      const windowStart = Math.floor(now() / windowMs) * windowMs;
      await db
        .update(rateLimitHits)
        .set({ hits: sql`${rateLimitHits.hits} - 1` })
        .where(
          and(
            eq(rateLimitHits.key, key),
            eq(rateLimitHits.windowStart, windowStart),
            gt(rateLimitHits.hits, 0),
          ),
        );
    },
  };
}

/** INCRBY, and the window's expiry set by the hit that opened it (no expiry yet); one round trip. */
const HIT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** DECR a key that exists and is above 0 (a key that expired stays gone). */
const REFUND = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis (`REDIS_URL`): keys expire with their window. */
export function createRedisCounter(redis: Redis, prefix = "gcc:rate:"): RateLimitCounter {
  return {
    async hit(key, windowMs, amount = 1) {
      const [current, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs, amount)) as [number, number];
      return { current, ttl: ttl > 0 ? ttl : windowMs };
    },
    async refund(key) {
      await redis.eval(REFUND, 1, prefix + key);
    },
  };
}
