import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../client";
import { seedDemoContent, seedLogistics } from "../seed/demo";
import { databaseTargetFromEnv } from "../settings";
import { claimForCommand } from "./data-dir-access";

// Usage: npm run db:seed [-- --scale N]
const { values } = parseArgs({ options: { scale: { type: "string" } } });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 1 || scale > 20_000_000)) {
  console.error("--scale must be a whole number between 1 and 20000000");
  process.exit(1);
}

const target = databaseTargetFromEnv();
// Never beside a running server on the embedded database: two writers corrupt a PGlite directory.
if (target.kind === "pglite" && target.dataDir) claimForCommand(resolve(target.dataDir, ".."), "seed");
const handle = await openDatabase(target);
try {
  if (scale !== undefined) {
    const started = Date.now();
    await seedLogistics(handle.db, scale);
    console.log(
      `Generated ${scale} synthetic logistics records in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    const seeded = await seedDemoContent(handle.db, { onlyIfEmpty: true });
    console.log(seeded ? "Demo content loaded." : "The database already has content; nothing changed.");
  }
} finally {
  await handle.close();
}
