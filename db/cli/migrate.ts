import { join } from "node:path";
import { openDatabase } from "../client";
import { loadConfig } from "../../server/config";

// Migrations also run at every start; this applies them without starting the server.
const config = loadConfig();
const handle = await openDatabase(
  config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: join(config.DATA_DIR, "pglite") },
);
await handle.close();
console.log("Migrations applied.");
