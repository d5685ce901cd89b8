import { join } from "node:path";
import type { Logger } from "pino";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { seedDemoContent } from "../db/seed/demo";
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
  const dataDir = join(config.DATA_DIR, "pglite");
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
