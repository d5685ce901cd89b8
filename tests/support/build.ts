import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildDir, isBuildCurrent, ROOT } from "#scripts/build-stamp.js";

/** Builds into BUILD_DIR (default build/) unless it already holds a build of these exact sources. */
export function ensureBuild() {
  const dir = buildDir();
  if (isBuildCurrent(dir)) return;
  console.log(`Building into ${dir}...`);
  const result = spawnSync(process.execPath, [join(ROOT, "scripts", "build.js")], {
    cwd: ROOT,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}
