import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deletedRecords } from "#db/schema/index.ts";
import { DEFAULT_TRASH_DAYS } from "#schemas/settings.ts";
import { createTestApp } from "#tests/support/app.ts";
import { TRASH_PURGE_INTERVAL_MS } from "./trash";

afterEach(() => vi.useRealTimers());

// Rows dated back by whole days and a few minutes: the database's clock moved forward, in effect.
const trashed = (daysAgo: number, recordId: number) => ({
  resource: "truck",
  recordId,
  row: { id: recordId },
  dependents: {},
  deletedAt: sql`now() - make_interval(days => ${daysAgo}, mins => 5)`,
});

describe("the trash purge timer", () => {
  it("removes expired trash with no delete to trigger it, keeps fresh trash, and stops with the server", async () => {
    // Only the interval is faked: the database driver's own timers run as usual.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = await createTestApp();
    const db = t.app.database.db;
    const ids = async () =>
      (await db.select({ id: deletedRecords.recordId }).from(deletedRecords)).map((r) => r.id).sort();
    try {
      // The default window: 30 days.
      await db
        .insert(deletedRecords)
        .values([trashed(DEFAULT_TRASH_DAYS, 1), trashed(DEFAULT_TRASH_DAYS - 1, 2)]);
      vi.advanceTimersByTime(TRASH_PURGE_INTERVAL_MS);
      await expect.poll(ids, { timeout: 10_000 }).toEqual([2]);

      // A shorter window in Site settings: the next purge follows it, with no restart.
      await t.app.services.settings.update({ ...(await t.app.services.settings.get()), trash_days: 3 });
      await db.insert(deletedRecords).values([trashed(3, 4), trashed(2, 5)]);
      vi.advanceTimersByTime(TRASH_PURGE_INTERVAL_MS);
      await expect.poll(ids, { timeout: 10_000 }).toEqual([5]);

      await t.app.close();
      await db.insert(deletedRecords).values(trashed(DEFAULT_TRASH_DAYS + 1, 3));
      vi.advanceTimersByTime(3 * TRASH_PURGE_INTERVAL_MS);
      // A timer left running would have queued its DELETE ahead of this read (PGlite runs one at a time).
      expect(await ids()).toEqual([3, 5]);
    } finally {
      await t.close();
    }
  });
});
