import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogPosts, blogRevisions, deletedRecords, importBatches, siteSettings } from "#db/schema/index.ts";
import { STAGED_MINUTES } from "#schemas/imports.ts";
import { DEFAULT_TRASH_DAYS } from "#schemas/settings.ts";
import { rowsOf } from "./sql";

/**
 * How many days a deleted record can be put back: the site setting `trash_days`, read in the statement
 * itself so every instance follows a change at once (a value the schema would refuse counts as unset).
 */
export const trashDays = sql`coalesce((select case when ${siteSettings.data}->>'trash_days' ~ '^[0-9]{1,3}$' and (${siteSettings.data}->>'trash_days')::int > 0 then (${siteSettings.data}->>'trash_days')::int end from ${siteSettings} where ${siteSettings.id} = 1), ${sql.raw(String(DEFAULT_TRASH_DAYS))})`;
/** Trash deleted before this moment is past its window. */
export const trashExpiry = sql`(now() - make_interval(days => ${trashDays}))`;
const expired = trashExpiry;

/** The window now in force, for messages. */
export async function trashWindowDays(db: Database): Promise<number> {
  const [row] = await rowsOf<{ days: number }>(db, sql`select ${trashDays} as days`);
  return Number(row?.days ?? DEFAULT_TRASH_DAYS);
}

export const daysText = (days: number) => (days === 1 ? "1 day" : `${days} days`);

/** How often every instance purges the trash; a purge is one idempotent DELETE, so instances need no lock. */
export const TRASH_PURGE_INTERVAL_MS = 60_000;

/**
 * Rows left where they are while their owner is in the trash (too large to copy there: a post's revisions),
 * removed when the owner's trash entry is purged, unless the owner is back or in the trash again.
 */
const KEPT_IN_PLACE = [
  { resource: "blog_post", owner: blogPosts, table: blogRevisions, column: blogRevisions.postId },
];

/** Removes the trash older than its window (personal data must not outlive it, or reach later backups). */
export async function purgeExpiredTrash(db: Database) {
  for (const { resource, owner, table, column } of KEPT_IN_PLACE)
    await db.execute(sql`
      delete from ${table} where ${column} in (
        select ${deletedRecords.recordId} from ${deletedRecords}
        where ${deletedRecords.resource} = ${resource} and ${deletedRecords.deletedAt} < ${expired}
      )
      and not exists (select 1 from ${owner} where ${owner.id} = ${column})
      and not exists (
        select 1 from ${deletedRecords} where ${deletedRecords.resource} = ${resource}
          and ${deletedRecords.recordId} = ${column} and ${deletedRecords.deletedAt} >= ${expired}
      )`);
  await db.delete(deletedRecords).where(lt(deletedRecords.deletedAt, expired));
  // An import's rows (and the earlier values Undo needs) last as long as the trash, an undone import as long as
  // the trash entries its Undo made (Recently deleted names them by its file); an upload never imported, an hour.
  await db
    .delete(importBatches)
    .where(
      or(
        lt(sql`coalesce(${importBatches.undoneAt}, ${importBatches.committedAt})`, expired),
        and(
          eq(importBatches.status, "staged"),
          lt(importBatches.createdAt, sql`now() - make_interval(mins => ${STAGED_MINUTES})`),
        ),
      ),
    );
}

/** Purges the trash every TRASH_PURGE_INTERVAL_MS until `stop()`; a failed purge is logged and retried next time. */
export function startTrashPurge(db: Database, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= purgeExpiredTrash(db)
      .catch(onError)
      .finally(() => (running = null));
  }, TRASH_PURGE_INTERVAL_MS).unref();
  return {
    /** Stops the timer and waits for a purge under way, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
