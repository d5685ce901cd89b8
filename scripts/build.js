// @ts-check
/**
 * `npm run build`: the React Router app (browser assets and the SSR bundle), then the server compiled to
 * one JavaScript file, so production runs `node` with no TypeScript loader. Ends by stamping the build with
 * the fingerprint of the sources it was made from (scripts/build-stamp.js).
 */
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildDir, ROOT, sourceFingerprint, STAMP_FILE } from "./build-stamp.js";

/** Whether Node loads this file as CommonJS: `.cjs`, or `.js` under a package.json without "type": "module". */
function isCommonJs(/** @type {string} */ file) {
  if (file.endsWith(".cjs")) return true;
  if (!file.endsWith(".js")) return false;
  for (let at = dirname(file); at !== dirname(at); at = dirname(at)) {
    const manifest = join(at, "package.json");
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")).type !== "module";
  }
  return true;
}

/**
 * A CommonJS package loaded with import() is left for Node to load. Bundled into a split chunk it would
 * export only `default`, so `const { Registry } = await import("prom-client")` finds nothing in the build
 * while it works from source; Node's own loader gives the build the module shape the source was written for.
 * @type {import("esbuild").Plugin}
 */
const lazyCommonJsExternal = {
  name: "lazy-commonjs-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== "dynamic-import" || args.pluginData === "resolving") return undefined;
      const { path, errors } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "resolving",
      });
      if (errors.length > 0 || !path) return undefined;
      return isCommonJs(path) ? { path: args.path, external: true } : undefined;
    });
  },
};

const dir = buildDir();
// Taken before building: a file edited while the build runs leaves the stamp stale, as it should.
const fingerprint = sourceFingerprint();
rmSync(join(dir, STAMP_FILE), { force: true });

const app = spawnSync(join(ROOT, "node_modules", ".bin", "react-router"), ["build"], {
  cwd: ROOT,
  stdio: "inherit",
  // Any other NODE_ENV (Vitest sets "test" when the e2e setup builds) makes Vite bundle React for development.
  env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
});
if (app.status !== 0) process.exit(app.status ?? 1);

const out = join(dir, "node");
rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  // The file-inspection worker is an entry of its own: its threads load build/node/inspection-worker.js
  // (domain/files/inspection.ts), and what it shares with the server lands in shared chunks.
  entryPoints: { server: "server/main.ts", "inspection-worker": "domain/files/inspection-worker.ts" },
  outdir: out,
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // One file instead of ~900 package modules: the server is ready ~0.6 s sooner (docs/performance.md).
  // Left outside: native addons, PGlite (loads its .wasm beside itself), the React Router runtime that the
  // SSR bundle shares, the logger's worker transport, the worker pool (it starts its threads from its own
  // entry file), and Vite (development only).
  plugins: [lazyCommonJsExternal],
  external: [
    "react",
    "react-dom",
    "react-router",
    "@react-router/node",
    "sharp",
    "@node-rs/argon2",
    "@electric-sql/pglite",
    "pg-native",
    "pino",
    "pino-pretty",
    "tinypool",
    "vite",
  ],
  // Bundled CommonJS packages call require() for Node's built-in modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  // Linked, not loaded: `NODE_OPTIONS=--enable-source-maps` maps stack traces (it costs ~70 MB resident).
  sourcemap: "linked",
  // V8 keeps each script's source in memory; without the whitespace it is 2 MB smaller. Names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  logLevel: "warning",
});
// React and React Router pick their production or development build from NODE_ENV when first imported,
// before any line of the server runs; this entry sets it first, so a bare `node build/node/main.js` is production.
writeFileSync(join(out, "main.js"), 'process.env.NODE_ENV ??= "production";\nawait import("./server.js");\n');
// db/client.ts finds its migrations next to itself.
cpSync(join(ROOT, "db", "migrations"), join(out, "migrations"), { recursive: true });

writeFileSync(join(dir, STAMP_FILE), fingerprint);
console.log(`Server compiled to ${join(out, "main.js")}`);
