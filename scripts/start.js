// @ts-check
/**
 * `npm start`: builds when BUILD_DIR holds no build of these exact sources, then runs the compiled server
 * in this same process (no wrapper left in the process tree). `npm run serve` skips the check.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, isBuildCurrent, ROOT } from "./build-stamp.js";

const dir = buildDir();
const main = join(dir, "node", "main.js");
// The server re-runs this script with --create-embedded-database on a first start (server/database.ts).
const checkBuild =
  !process.argv.includes("--serve-only") && !process.argv.includes("--create-embedded-database");
if (checkBuild) {
  if (isBuildCurrent(dir)) {
    console.log(`The build in ${dir} is current; serving it.`);
  } else {
    console.log(`Building: ${dir} holds no build of these sources...`);
    const built = spawnSync(process.execPath, [join(ROOT, "scripts", "build.js")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
if (!existsSync(main)) {
  console.error(`No server build at ${main}; run "npm run build" first.`);
  process.exit(1);
}

// The compiled server is the production server; `npm run dev` is the one that serves through Vite.
process.env.NODE_ENV = "production";
await import(pathToFileURL(main).href);
