import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The reliability and security suites run the built server. `npm test` builds it in test:e2e just before;
 * run on their own they build once when no build exists (BUILD_DIR, default build/).
 */
export default function setup() {
  const dir = resolve(process.env.BUILD_DIR ?? "build");
  if (existsSync(join(dir, "server", "index.js"))) return;
  console.log(`No server build in ${dir}; building it...`);
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("react-router build failed");
}
