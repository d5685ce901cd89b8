// @ts-check
/**
 * Whether the build in BUILD_DIR was made from the sources in this checkout. `npm run build` writes a
 * fingerprint of its inputs next to its output; `npm start` rebuilds only when that fingerprint differs
 * (a `git pull`, an edit, a new lockfile), so it never serves a stale build and never rebuilds a current one.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** Everything the build reads; tests are not in it, so editing one does not force a rebuild. */
const INPUT_DIRS = ["app", "server", "domain", "db", "schemas", "shared", "public"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.js",
  "scripts/build-stamp.js",
];

export const STAMP_FILE = "source-fingerprint";

/** BUILD_DIR as the server reads it (relative to the checkout when not absolute). */
export function buildDir(env = process.env) {
  return resolve(ROOT, env.BUILD_DIR ?? "build");
}

/** @param {string} dir @param {string[]} out */
function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith(".") || entry.name === "node_modules" || /\.test\.tsx?$/.test(entry.name))
      continue;
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** A hash of every build input's path and bytes. */
export function sourceFingerprint(root = ROOT) {
  const files = INPUT_DIRS.flatMap((dir) => (existsSync(join(root, dir)) ? walk(join(root, dir), []) : []));
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash("sha256");
  for (const file of files.map((f) => relative(root, f).split(sep).join("/")).sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/** True when BUILD_DIR holds a complete build of exactly these sources. */
export function isBuildCurrent(dir = buildDir(), root = ROOT) {
  const stamp = join(dir, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(join(dir, "node", "main.js"))) return false;
  return readFileSync(stamp, "utf8").trim() === sourceFingerprint(root);
}
