import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, crmLeads, deletedRecords } from "#db/schema/index.ts";
import { MAX_MATCHING } from "#schemas/bulk.ts";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { describeWith } from "#tests/support/services.ts";
import { logisticsTestApp } from "./logistics-fixtures";

// "Select all N matching" at its stated limit, on both engines in every run that has PostgreSQL: the audit
// and trash INSERTs of 10,000 rows must stay under PostgreSQL's 65,535 parameters, and PGlite must keep up.

function limitTests(embedded: boolean) {
  let database: DatabaseHandle;
  let ctx: Awaited<ReturnType<typeof logisticsTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase({ embedded });
    ctx = await logisticsTestApp({ database });
  });
  afterAll(async () => {
    await ctx.t.close();
    await database.close();
  });
  const db = () => ctx.app.database.db;
  // Each test starts from no leads and builds what it needs: either runs alone (-t) or in any order.
  beforeEach(async () => {
    await db().delete(deletedRecords);
    await db().delete(crmLeads);
    await db().delete(auditLog);
  });

  async function insertHotLeads(n: number) {
    await db().execute(
      sql`insert into crm_leads (name, contact_no, status) select 'Bulk lead ' || g, '+91900' || lpad(g::text, 7, '0'), 'HOT' from generate_series(1, ${n}) g`,
    );
  }

  it("refuses one more than the limit with a 422 that gives the count, and deletes nothing", async () => {
    await insertHotLeads(MAX_MATCHING + 1);
    const res = await ctx.call("POST", "/api/crm/leads/bulk_delete?status=HOT", { all_matching: true });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/select 10,001 rows; one delete takes at most 10,000/);
    expect(await db().$count(crmLeads)).toBe(MAX_MATCHING + 1);
    expect(await db().$count(deletedRecords)).toBe(0);
  }, 60_000);

  it("deletes exactly the limit, audited per lead, and the Undo puts all of them back", async () => {
    await insertHotLeads(MAX_MATCHING);

    const res = await ctx.call("POST", "/api/crm/leads/bulk_delete?status=HOT", { all_matching: true });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.ids as number[];
    expect(ids).toHaveLength(MAX_MATCHING);
    expect(await db().$count(crmLeads)).toBe(0);
    expect(await db().$count(auditLog, eq(auditLog.action, "delete"))).toBe(MAX_MATCHING);

    const undo = await ctx.call("POST", "/api/crm/leads/restore", { ids });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toEqual({ restored: MAX_MATCHING });
    expect(await db().$count(crmLeads)).toBe(MAX_MATCHING);
    expect(await db().$count(auditLog, eq(auditLog.action, "restore"))).toBe(MAX_MATCHING);
  }, 120_000);
}

describe("bulk delete of every matching lead, on the embedded database", () => limitTests(true));
describeWith("TEST_DATABASE_URL", "bulk delete of every matching lead, on PostgreSQL", () =>
  limitTests(false),
);
