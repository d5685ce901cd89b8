import { spawn } from "node:child_process";
import type { Logger } from "pino";
import { embeddedDatabaseExists, openDatabase, type DatabaseHandle } from "#db/client.ts";
import { embeddedDataDir } from "#db/settings.ts";
import { seedDemoContent } from "#db/seed/demo.ts";
import type { Config } from "./config";

/**
 * Opens the configured database and applies migrations. A new embedded database is seeded with the
 * demo content so a newcomer sees a full site; PostgreSQL is seeded only when SEED_DEMO is set.
 */
export async function openConfiguredDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const handle = await openDatabase({ kind: "postgres", url: config.DATABASE_URL });
    if (config.SEED_DEMO) await seedDemoContent(handle.db, { onlyIfEmpty: true });
    log.info({ engine: "postgres" }, "database ready");
    return handle;
  }
  const dataDir = embeddedDataDir(config.DATA_DIR);
  const handle = await openDatabase(
    { kind: "pglite", dataDir },
    {
      onCreate: async (db) => {
        await seedDemoContent(db, { onlyIfEmpty: true });
        log.info("new embedded database created and seeded with demo content");
      },
    },
  );
  log.info({ engine: "pglite", dataDir }, "database ready");
  return handle;
}

/** The argument that makes the server create its embedded database and exit (see createEmbeddedDatabaseApart). */
export const CREATE_DATABASE_FLAG = "--create-embedded-database";

/**
 * On the first start, creates, migrates and seeds the embedded database in a short-lived child process,
 * then returns. A server process that did that work itself answered cached pages ~30 % slower for the
 * rest of its life and kept ~90 MB more (docs/performance.md); the child leaves nothing behind.
 */
export async function createEmbeddedDatabaseApart(config: Config): Promise<void> {
  if (config.DATABASE_URL || embeddedDatabaseExists(embeddedDataDir(config.DATA_DIR))) return;
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, CREATE_DATABASE_FLAG], {
    stdio: "inherit",
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database failed (exit code ${code})`);
}
