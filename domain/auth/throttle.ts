import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { knownSignInAddresses, loginThrottle, operatorSessions, refreshTokens } from "#db/schema/index.ts";

/**
 * Sign-in throttling, after OWASP's authentication cheat sheet, Django-axes (lock the combination of
 * account and address) and GitHub (a device that signed in before is let through an attack on the account):
 *
 * - Failures are counted per key in a sliding window of 15 minutes; older ones age out, so a few stray
 *   failures a day, or one guess every quarter of an hour, never add up to a lock.
 * - Three keys: the account from this address (`pair:`), the account from anywhere (`user:`, stops a
 *   botnet guessing one account from many addresses) and the address for any account (`ip:`, stops one
 *   address spraying many accounts). Five failures of a key in the window are free; each further one
 *   locks the key for 1, 2, 4 … seconds, up to 15 minutes.
 * - An address an account has signed in from before (known-good, for 90 days) is held back only by the
 *   `pair:` key: failures from other addresses, or from other accounts behind the same address (a team
 *   behind one proxy), do not lock its owner out.
 * - Every attempt is counted before the password is checked, in one transaction with the lock check, so a
 *   burst of parallel guesses cannot all pass the check; a successful sign-in gives its attempt back and
 *   clears the failures of that account from that address.
 * - A second factor's wrong codes come after a right password: they are counted under the account's one key
 *   (`reserveKey`), never under the address, so they hold back no one else behind it (domain/auth/two-factor.ts
 *   adds a cap that never ages).
 */
export const FREE_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_LOCK_SECONDS = 15 * 60;
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;
const CLEAN_UP_EVERY_MS = 60_000;

/** Seconds of lock after `failures` failures in the window: none for the first five, then 1, 2, 4 … up to 15 minutes. */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS);
}

export interface Attempt {
  username: string;
  address: string;
  keys: { pair: string; user: string; ip: string };
  /** When it was counted (epoch ms): the entry a successful sign-in takes back. */
  at: number;
}

export type Reservation = { ok: true; attempt: Attempt } | { ok: false; waitSeconds: number };

type Row = typeof loginThrottle.$inferSelect;

export function createSignInThrottle(db: Database) {
  let lastCleanUp = 0;

  /** Creates the missing rows and locks all of them, in key order (so two attempts never deadlock). */
  async function lockRows(tx: Pick<Database, "insert">, keys: string[], now: number): Promise<Row[]> {
    return tx
      .insert(loginThrottle)
      .values([...keys].sort().map((key) => ({ key, updatedAt: new Date(now) })))
      .onConflictDoUpdate({ target: loginThrottle.key, set: { key: sql`${loginThrottle.key}` } })
      .returning();
  }

  const inWindow = (times: number[], now: number) => times.filter((t) => t > now - FAILURE_WINDOW_MS);

  /**
   * Counts a failure-to-be under every key, in one transaction with the check of the `checked` keys' locks;
   * answers the seconds to wait (nothing is counted then), or 0.
   */
  async function count(keys: string[], checked: string[], now: number): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await lockRows(tx, keys, now);
      const until = Math.max(
        0,
        ...rows.filter((r) => checked.includes(r.key)).map((r) => r.lockedUntil?.getTime() ?? 0),
      );
      if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
      for (const row of rows) {
        const recent = [...inWindow(row.recentFailures, now), now];
        const seconds = lockSeconds(recent.length);
        const lockEnd = Math.max(row.lockedUntil?.getTime() ?? 0, seconds > 0 ? now + seconds * 1000 : 0);
        await tx
          .update(loginThrottle)
          .set({
            recentFailures: recent,
            failures: recent.length,
            lockedUntil: lockEnd > now ? new Date(lockEnd) : null,
            updatedAt: new Date(now),
          })
          .where(eq(loginThrottle.key, row.key));
      }
      return 0;
    });
  }

  return {
    /** Counts an attempt for `username` from `address` unless a key that applies to it is locked. */
    async reserve(username: string, address: string): Promise<Reservation> {
      const now = Date.now();
      const keys = { pair: `pair:${username}@${address}`, user: `user:${username}`, ip: `ip:${address}` };
      const [known] = await db
        .select({ at: knownSignInAddresses.lastSignInAt })
        .from(knownSignInAddresses)
        .where(and(eq(knownSignInAddresses.username, username), eq(knownSignInAddresses.address, address)));
      const knownGood = known !== undefined && known.at.getTime() > now - KNOWN_ADDRESS_MS;
      const checked = knownGood ? [keys.pair] : [keys.pair, keys.user, keys.ip];
      const wait = await count(Object.values(keys), checked, now);
      return wait > 0
        ? { ok: false, waitSeconds: wait }
        : { ok: true, attempt: { username, address, keys, at: now } };
    },

    /**
     * Counts an attempt under `key` alone unless it is locked, with the same backoff: for a second factor,
     * whose failures belong to the account (the password step already passed), never to the address it
     * came from, so guesses from a shared office address lock no colleague out. Answers the seconds to wait.
     */
    async reserveKey(key: string): Promise<number> {
      return count([key], [key], Date.now());
    },

    /** Forgets the failures counted under `key` (a right second factor). */
    async clearKey(key: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    /**
     * The attempt was a correct sign-in: the account's failures from this address are cleared, the account
     * and the address get the attempt back, and the address becomes known-good for the account.
     */
    async succeeded(attempt: Attempt) {
      const now = Date.now();
      await db.transaction(async (tx) => {
        const rows = await lockRows(tx, Object.values(attempt.keys), now);
        for (const row of rows) {
          if (row.key === attempt.keys.pair) {
            await tx.delete(loginThrottle).where(eq(loginThrottle.key, row.key));
            continue;
          }
          const recent = [...row.recentFailures];
          const mine = recent.lastIndexOf(attempt.at);
          if (mine >= 0) recent.splice(mine, 1);
          const kept = inWindow(recent, now);
          await tx
            .update(loginThrottle)
            .set({
              recentFailures: kept,
              failures: kept.length,
              lockedUntil: kept.length < FREE_FAILURES ? null : row.lockedUntil,
            })
            .where(eq(loginThrottle.key, row.key));
        }
        await tx
          .insert(knownSignInAddresses)
          .values({ username: attempt.username, address: attempt.address, lastSignInAt: new Date(now) })
          .onConflictDoUpdate({
            target: [knownSignInAddresses.username, knownSignInAddresses.address],
            set: { lastSignInAt: new Date(now) },
          });
      });
    },

    /**
     * Removes what can no longer matter: throttle rows without a failure in the window or a lock, known
     * addresses not used for 90 days, refresh tokens that expired or were revoked, and their devices. A used token is
     * kept until it expires: presenting it again must still end its family (a stolen token replayed).
     */
    async cleanUp(now = Date.now()) {
      const windowStart = new Date(now - FAILURE_WINDOW_MS);
      await db
        .delete(loginThrottle)
        .where(
          and(
            lt(loginThrottle.updatedAt, windowStart),
            or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, new Date(now))),
          ),
        );
      await db
        .delete(knownSignInAddresses)
        .where(lt(knownSignInAddresses.lastSignInAt, new Date(now - KNOWN_ADDRESS_MS)));
      await db
        .delete(refreshTokens)
        .where(or(lt(refreshTokens.expiresAt, new Date(now)), isNotNull(refreshTokens.revokedAt)));
      await db
        .delete(operatorSessions)
        .where(
          sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${operatorSessions.familyId})`,
        );
    },

    /** Runs cleanUp at most once a minute per instance; called on sign-in, never fails one. */
    async cleanUpNowAndThen() {
      const now = Date.now();
      // (A clock set back also lets it run.)
      if (now >= lastCleanUp && now - lastCleanUp < CLEAN_UP_EVERY_MS) return;
      lastCleanUp = now;
      try {
        await this.cleanUp(now);
      } catch {
        // A busy or briefly unreachable database only postpones the clean-up to a later sign-in.
      }
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
