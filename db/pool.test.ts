import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECT_TIMEOUT_MS, openDatabase, type DatabaseHandle } from "#db/client.ts";
import { createTestDatabase } from "#tests/support/database.ts";

// The pool of the PostgreSQL engine only (PGlite has one connection and no pool).
describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL pool", () => {
  let server: DatabaseHandle & { url?: string };
  let one: DatabaseHandle;
  beforeAll(async () => {
    server = await createTestDatabase();
    one = await openDatabase({ kind: "postgres", url: server.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await one?.close();
    await server?.close();
  });

  it("queues a query behind a busy connection for longer than connecting may take, instead of failing it", async () => {
    const slow = one.db.execute(sql.raw(`select pg_sleep(${(CONNECT_TIMEOUT_MS + 700) / 1000})`));
    const started = Date.now();
    const [, queued] = await Promise.all([slow, one.db.execute(sql`select 1 as ok`)]);
    expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
    expect((queued as unknown as { rows: unknown[] }).rows).toEqual([{ ok: 1 }]);
  });
});
