import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../db/client";

/**
 * A new, migrated, empty database for one test file: an in-memory PGlite (in a temporary directory with
 * `onDisk`, which an online backup needs), or a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase({
  onDisk = false,
  embedded = false,
}: {
  onDisk?: boolean;
  /** PGlite even when TEST_DATABASE_URL is set: for a test that must hold on both engines in one run. */
  embedded?: boolean;
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (!serverUrl && onDisk) {
    const dir = mkdtempSync(join(tmpdir(), "gcc-test-db-"));
    const handle = await openDatabase({ kind: "pglite", dataDir: join(dir, "pglite") });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!serverUrl) return openDatabase({ kind: "pglite", dataDir: null });

  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
