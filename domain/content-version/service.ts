import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { contentVersion } from "#db/schema/index.ts";

export interface ContentVersionOptions {
  /** How long a version read is trusted before the database is asked again (the staleness bound). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The public-content version. Triggers on the public-content tables bump a one-row counter in the
 * same statement as every change (migration 0003), so every instance sharing one database sees a
 * change within `maxAgeMs` of its commit. Reads are shared: at most one query per interval, however
 * many requests ask at once.
 */
export function createContentVersionService(db: Database, options: ContentVersionOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 1000;
  const now = options.now ?? Date.now;
  let known: number | null = null;
  let readAt = -Infinity;
  let pending: Promise<number> | null = null;
  // Bumped by expire(): a read that started before it must neither be reused nor be remembered.
  let generation = 0;

  async function read(): Promise<number> {
    const [row] = await db
      .select({ version: contentVersion.version })
      .from(contentVersion)
      .where(eq(contentVersion.id, 1));
    return row?.version ?? 0;
  }

  return {
    /** The current version, at most `maxAgeMs` old. Throws when the database cannot be read. */
    async current(): Promise<number> {
      if (known !== null && now() - readAt < maxAgeMs) return known;
      if (!pending) {
        const started = now();
        const mine = generation;
        const reading: Promise<number> = read()
          .then((version) => {
            if (mine === generation) {
              known = version;
              readAt = started;
            }
            return version;
          })
          .catch((error: unknown) => {
            // Database unreachable: callers may fall back to lastKnown(); retry after one interval, not per request.
            if (mine === generation && known !== null) readAt = started;
            throw error;
          })
          .finally(() => {
            if (pending === reading) pending = null;
          });
        pending = reading;
      }
      return pending;
    },

    /** The version if the last read is still within `maxAgeMs`, else null; never asks the database. */
    fresh(): number | null {
      return known !== null && now() - readAt < maxAgeMs ? known : null;
    },

    /** The last version read, without asking the database (null before the first read). */
    lastKnown(): number | null {
      return known;
    },

    /** Forgets the last read, so the next call asks the database (this instance just wrote something). */
    expire() {
      generation++;
      readAt = -Infinity;
      pending = null;
    },
  };
}

export type ContentVersionService = ReturnType<typeof createContentVersionService>;
