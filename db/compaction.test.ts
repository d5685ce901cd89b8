import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/database.ts";
import { describeWith } from "#tests/support/services.ts";
import type { DatabaseHandle } from "./client";
import { compactErased, compactionPending, oweCompaction } from "./compaction";
import { auditLog, compactionDue } from "./schema/index";

describeWith("TEST_DATABASE_URL", "compacting erased data on PostgreSQL, beside other sessions", () => {
  let database: DatabaseHandle & { url?: string };
  let other: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await database?.close();
  });

  it("waits for a snapshot older than the erasure and for another session's lock; the table stays due meanwhile", async () => {
    const db = database.db;
    await db.delete(compactionDue); // what the migration marked for erasures made before it
    const [entry] = await db
      .insert(auditLog)
      .values({ operatorName: "ops", action: "update", entity: "x", entityId: "1", after: { name: "Meera" } })
      .returning();

    // A snapshot taken before the erasure commits can still read the old row version: VACUUM would keep it.
    await other.query("begin isolation level repeatable read");
    await other.query("select 1");
    await db.transaction(async (tx) => {
      await tx.update(auditLog).set({ after: null }).where(eq(auditLog.id, entry!.id));
      await oweCompaction(tx, [auditLog]);
    });
    expect(await compactErased(db)).toEqual([]);
    expect(await compactionPending(db)).toBe(true);
    await other.query("commit");

    // A lock another session holds: VACUUM FULL skips the table rather than queue every reader behind it.
    await other.query("begin");
    await other.query("lock table audit_log in access share mode");
    expect(await compactErased(db)).toEqual([]);
    expect(await compactionPending(db)).toBe(true);
    await other.query("commit");

    expect(await compactErased(db)).toEqual(["audit_log"]);
    expect(await compactionPending(db)).toBe(false);
  });
});
