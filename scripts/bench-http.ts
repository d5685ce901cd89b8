/**
 * HTTP bench of the public site and API as a browser gets them.
 *
 *   npm run bench:http                       8 s per route and server, 32 connections, 1 wrk thread
 *   BENCH_SECONDS=3 npm run bench:http       a smoke run
 *   BENCH_PARTS=http | uncached | growth     one part only (comma-separated; default all three)
 *   BENCH_ROUTES=/api/                       parts 1 and 2: only the routes whose path starts with this
 *   BENCH_USER_AGENT=Googlebot/2.1           another user agent (a bot's is not counted as a page view)
 *
 * 1. Cached public answers: Debian's wrk, every request with a browser's `Accept-Encoding: gzip, deflate,
 *    br, zstd`, against three servers holding the same bytes: ours (`npm run serve` on a fresh embedded
 *    database with the demo content, logging at its default level to a file), a bare `node:http` server
 *    answering the same brotli bytes from memory (the floor of any Node server here), and nginx serving
 *    them precompressed (`brotli_static`, `gzip_static`). The client must not be the limit: nginx reaches
 *    at least 3x our figure, or our server was busy (CPU) at least 90 % of the run, else the run is refused. Budget: ours / bare Node >= 0.5 on every route,
 *    zero non-2xx. Also printed: ours / nginx and the server's CPU time per answer.
 * 2. Uncached answers (a console list, the careers search, a CSV export): req/s with and without a browser
 *    `Accept-Encoding`, and the bytes each sends.
 * 3. Growth: server-side answer time of /blog, /Careers-page and GET /api/blog_details/ (in process, page
 *    cache emptied before every request, so this is the render cost) at 10, 1,000 and 10,000 posts and jobs.
 *    Budget: the paged answers stay flat (10,000 costs at most 3x what 10 costs, plus 5 ms of noise).
 *
 * Exit code 1 when a budget is missed. Results also go to bench-results/bench-http.json.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { seedDemoContent } from "#db/seed/demo.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { loadServerBuild } from "#server/ssr.ts";
import { ensureBuild } from "#tests/support/build.ts";
import { freePort, TEST_ADMIN } from "#tests/e2e/support/server.ts";
import { commandOf, cpuMs, treePids } from "./support/process";
import { CAREERS_PATH, jobPath } from "#shared/paths.ts";
import { BROWSER_AGENT, BROWSER_ENCODING, rawGet } from "./support/wire";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUILD_DIR = resolve(process.env.BUILD_DIR ?? "build");
const MIN_RATIO = 0.5;
/** nginx on the same route must reach this multiple of our figure, or wrk was the limit, not us. */
const MIN_CLIENT_HEADROOM = 3;
/** A server whose process was on the CPU this share of the run was the limit itself, whatever the client. */
const SERVER_BOUND = 0.9;
const NGINX = "/usr/sbin/nginx";
const WRK = "/usr/bin/wrk";
const ROUTE_PREFIX = process.env.BENCH_ROUTES ?? "/";
const PARTS = new Set((process.env.BENCH_PARTS ?? "http,uncached,growth").split(",").map((p) => p.trim()));

interface Wrk {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Debian's wrk, nginx and its brotli_static module: installed when missing (as .ci/run does). */
function ensureTools() {
  const missing = [
    !existsSync(WRK) && "wrk",
    !existsSync(NGINX) && "nginx",
    !existsSync("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so") &&
      "libnginx-mod-http-brotli-static",
  ].filter(Boolean) as string[];
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(", ")} from Debian's packages...`);
  const install = spawnSync(
    "sh",
    [
      "-c",
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`,
    ],
    { stdio: "inherit" },
  );
  if (install.status !== 0)
    throw new Error(`could not install ${missing.join(", ")} (run as root, or install them)`);
}

const toMs = (value: string, unit: string) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[unit]!;

function parseWrk(output: string): Wrk {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1]);
  const latency = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(output);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${output}`);
  return {
    rps,
    requests,
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: errors ? errors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
  };
}

function wrk(url: string, seconds = SECONDS, headers: Record<string, string> = {}): Wrk {
  // wrk gives up on an answer after 2 s and counts a socket error; a browser waits far longer, so a slow
  // answer is timed as slow (p99) rather than dropped.
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries({
    "Accept-Encoding": BROWSER_ENCODING,
    "User-Agent": BROWSER_AGENT,
    ...headers,
  })) {
    if (value !== "") args.push("-H", `${name}: ${value}`);
  }
  return parseWrk(execFileSync(WRK, [...args, url], { encoding: "utf8" }));
}

interface Served {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer in 60 s`);
}

async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, signal);
  await exited;
}

/** Ours, as an operator runs it: `npm run serve`, default log level, its log in a file. */
async function startOurs(): Promise<Served & { logFile: string }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-http-"));
  const port = await freePort();
  const logFile = join(dir, "server.log");
  const log = openSync(logFile, "w");
  const child = spawn("npm", ["run", "--silent", "serve"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: join(dir, "data"),
      BUILD_DIR,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child, "our server");
  const server = treePids(child.pid!).find(
    (pid, i) => i > 0 && /^(\S*\/)?node\s.*(main|start)\.js/.test(commandOf(pid)),
  );
  if (!server) throw new Error("could not find the server process under npm");
  return {
    url,
    pid: server,
    logFile,
    async stop() {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Saved {
  route: string;
  type: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A plain node:http server answering each route's brotli bytes from memory: the floor of any Node server. */
async function startBareNode(saved: Saved[]): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), "bench-bare-"));
  const port = await freePort();
  const routes: Record<string, { type: string; file: string }> = {};
  saved.forEach((s, i) => {
    writeFileSync(join(dir, `r${i}.br`), s.br);
    routes[s.route] = { type: s.type, file: join(dir, `r${i}.br`) };
  });
  const code = `
const http = require("node:http"), fs = require("node:fs");
const routes = ${JSON.stringify(routes)};
const answers = new Map(Object.entries(routes).map(([route, r]) => {
  const body = fs.readFileSync(r.file);
  return [route, { body, headers: { "content-type": r.type, "content-encoding": "br", "vary": "Accept-Encoding", "content-length": body.length } }];
}));
http.createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) { res.writeHead(404); return res.end(); }
  res.writeHead(200, a.headers);
  res.end(a.body);
}).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", code], { stdio: "inherit", detached: true });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${saved[0]!.route}`, child, "the bare Node server");
  return {
    url,
    pid: child.pid!,
    async stop() {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx serving each route's bytes precompressed (brotli_static, gzip_static), as a CDN or proxy would. */
async function startNginx(saved: Saved[]): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const locations = saved
    .map(({ route, plain, br, gzip, type }, i) => {
      for (const [suffix, bytes] of [
        ["", plain],
        [".br", br],
        [".gz", gzip],
      ] as const)
        writeFileSync(join(dir, `r${i}${suffix}`), bytes, { mode: 0o644 });
      // Locations match the path only; a route's query string selects nothing here.
      return `    location = ${route.split("?")[0]} { types { } default_type "${type}"; rewrite ^ /r${i} break; }`;
    })
    .join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  brotli_static on;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
${locations}
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${saved[0]!.route}`, child, "nginx");
  return {
    url,
    pid: child.pid!,
    async stop() {
      await stopGroup(child, "SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Row {
  route: string;
  bytes: { plain: number; br: number };
  ours: Wrk;
  bare: Wrk;
  nginx: Wrk;
  cpuUsPerAnswer: number;
  serverBusy: number;
}

async function cachedRoutes(ours: Served): Promise<{ rows: Row[]; failures: string[] }> {
  const posts = (await (await fetch(`${ours.url}/api/blog_details/`)).json()) as { id: number }[];
  const jobs = (await (await fetch(`${ours.url}/api/post_jobs/`)).json()) as { id: number }[];
  if (posts.length === 0 || jobs.length === 0) throw new Error("no blog post or job to bench");
  // The post's canonical address: /blog/<id> redirects to /blog/<id>-<slug>.
  const postPath = new URL((await fetch(`${ours.url}/blog/${posts[0]!.id}`)).url).pathname;
  const routes = [
    "/",
    "/blog",
    postPath,
    CAREERS_PATH,
    jobPath(jobs[0]!.id),
    "/api/blog_details/",
    "/api/post_jobs/",
    "/api/teams/",
  ].filter((route) => route.startsWith(ROUTE_PREFIX));

  const saved: Saved[] = [];
  for (const route of routes) {
    const [br, gzip, plain] = await Promise.all(
      ["br", "gzip", ""].map((encoding) =>
        rawGet(`${ours.url}${route}`, encoding ? { "accept-encoding": encoding } : {}),
      ),
    );
    if (br!.status !== 200 || br!.headers["content-encoding"] !== "br")
      throw new Error(`${route}: ${br!.status}, encoding ${br!.headers["content-encoding"]}`);
    saved.push({
      route,
      type: plain!.headers["content-type"]!,
      plain: plain!.body,
      br: br!.body,
      gzip: gzip!.body,
    });
  }

  const bare = await startBareNode(saved);
  const nginx = await startNginx(saved);
  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    for (const s of saved) {
      // Every server sends the same bytes for a browser.
      for (const [name, server] of [
        ["bare Node", bare],
        ["nginx", nginx],
      ] as const) {
        const check = await rawGet(`${server.url}${s.route}`, { "accept-encoding": BROWSER_ENCODING });
        if (!check.body.equals(s.br)) throw new Error(`${name} does not send our bytes for ${s.route}`);
      }
      process.stdout.write(
        `  ${s.route} (${fmt(s.plain.length / 1024, 1)} KB, br ${fmt(s.br.length / 1024, 1)} KB):`,
      );
      wrk(`${ours.url}${s.route}`, 1); // warm-up: JIT, brotli 11 replacing the first compression
      const cpuBefore = cpuMs(ours.pid);
      const started = performance.now();
      const mine = wrk(`${ours.url}${s.route}`);
      const serverCpuMs = cpuMs(ours.pid) - cpuBefore;
      const serverBusy = serverCpuMs / (performance.now() - started);
      const cpuUsPerAnswer = (serverCpuMs * 1000) / Math.max(1, mine.requests);
      process.stdout.write(` ours ${fmt(mine.rps)};`);
      const floor = wrk(`${bare.url}${s.route}`);
      process.stdout.write(` bare Node ${fmt(floor.rps)};`);
      const ceiling = wrk(`${nginx.url}${s.route}`);
      console.log(` nginx ${fmt(ceiling.rps)} req/s`);
      rows.push({
        route: s.route,
        bytes: { plain: s.plain.length, br: s.br.length },
        ours: mine,
        bare: floor,
        nginx: ceiling,
        cpuUsPerAnswer,
        serverBusy,
      });
      if (mine.rps / floor.rps < MIN_RATIO)
        failures.push(`${s.route}: ours / bare Node ${(mine.rps / floor.rps).toFixed(2)} < ${MIN_RATIO}`);
      if (mine.non2xx + mine.errors > 0)
        failures.push(`${s.route}: ${mine.non2xx} non-2xx answers, ${mine.errors} socket errors`);
      if (ceiling.rps < MIN_CLIENT_HEADROOM * mine.rps && serverBusy < SERVER_BOUND)
        failures.push(
          `${s.route}: nginx reached only ${(ceiling.rps / mine.rps).toFixed(1)}x our figure and our server was busy ${Math.round(serverBusy * 100)} % of the run: the client may be the limit`,
        );
    }
  } finally {
    await bare.stop();
    await nginx.stop();
  }
  return { rows, failures };
}

interface UncachedRow {
  route: string;
  what: string;
  browser: Wrk & { bytes: number; encoding: string };
  plain: Wrk & { bytes: number };
}

async function uncachedRoutes(ours: Served): Promise<{ rows: UncachedRow[]; failures: string[] }> {
  const login = await fetch(`${ours.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const bearer = { Authorization: `Bearer ${token}` };
  const cases = [
    { route: "/api/members?page=1&page_size=10", what: "console list (10 members)", headers: bearer },
    { route: "/Careers-page?q=engineer", what: "careers search (page)", headers: {} },
    { route: "/api/members/export.csv", what: "CSV export (all members)", headers: bearer },
  ].filter((c) => c.route.startsWith(ROUTE_PREFIX));
  const rows: UncachedRow[] = [];
  const failures: string[] = [];
  for (const c of cases) {
    const browserAnswer = await rawGet(`${ours.url}${c.route}`, {
      ...c.headers,
      "accept-encoding": BROWSER_ENCODING,
    });
    const plainAnswer = await rawGet(`${ours.url}${c.route}`, c.headers);
    if (browserAnswer.status !== 200 || plainAnswer.status !== 200)
      throw new Error(`${c.route} answered ${browserAnswer.status}/${plainAnswer.status}`);
    wrk(`${ours.url}${c.route}`, 1, c.headers);
    const browser = wrk(`${ours.url}${c.route}`, SECONDS, c.headers);
    const plain = wrk(`${ours.url}${c.route}`, SECONDS, { ...c.headers, "Accept-Encoding": "" });
    console.log(
      `  ${c.route}: browser ${fmt(browser.rps)} req/s, without Accept-Encoding ${fmt(plain.rps)} req/s`,
    );
    rows.push({
      route: c.route,
      what: c.what,
      browser: {
        ...browser,
        bytes: browserAnswer.body.length,
        encoding: browserAnswer.headers["content-encoding"] ?? "identity",
      },
      plain: { ...plain, bytes: plainAnswer.body.length },
    });
    for (const run of [browser, plain])
      if (run.non2xx + run.errors > 0)
        failures.push(`${c.route}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  }
  return { rows, failures };
}

interface GrowthRow {
  size: number;
  timings: Record<string, number>;
}

const GROWTH_ROUTES = ["/blog", CAREERS_PATH, "/api/blog_details/?page=1&page_size=12", "/api/blog_details/"];
const FLAT_ROUTES = new Set(GROWTH_ROUTES.slice(0, 3));

async function growth(): Promise<{ rows: GrowthRow[]; failures: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-growth-"));
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  const failures: string[] = [];
  const rows: GrowthRow[] = [];
  try {
    await seedDemoContent(database.db, { onlyIfEmpty: true });
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      BUILD_DIR,
      LOG_LEVEL: "silent",
      JWT_SECRET: "x".repeat(40),
    });
    const app = await buildApp({ config, database, serverBuild: await loadServerBuild(BUILD_DIR) });
    await app.ready();
    try {
      for (const size of [10, 1_000, 10_000]) {
        await topUp(database.db, size);
        const timings: Record<string, number> = {};
        for (const route of GROWTH_ROUTES) {
          const samples: number[] = [];
          for (let i = 0; i < 25; i++) {
            app.pageCache.clear();
            const started = performance.now();
            const res = await app.inject(route);
            const elapsed = performance.now() - started;
            if (res.statusCode !== 200) {
              failures.push(
                `${route}: answered ${res.statusCode} at ${fmt(size)} rows (after ${fmt(elapsed)} ms)`,
              );
              samples.length = 0;
              samples.push(Number.POSITIVE_INFINITY);
              break;
            }
            if (i >= 5 || elapsed > 1000) samples.push(elapsed); // the first few warm the JIT and the database
            if (samples.length >= 3 && elapsed > 1000) break; // slow enough to tell without 20 samples
          }
          samples.sort((a, b) => a - b);
          timings[route] = samples[Math.floor(samples.length / 2)]!;
        }
        rows.push({ size, timings });
        console.log(
          `  ${fmt(size)} posts/jobs: ${GROWTH_ROUTES.map((r) => `${r} ${timings[r]!.toFixed(1)} ms`).join(", ")}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const first = rows[0]!.timings;
  const last = rows[rows.length - 1]!.timings;
  for (const route of FLAT_ROUTES) {
    if (Number.isFinite(last[route]) && last[route]! > first[route]! * 3 + 5) {
      failures.push(
        `${route}: ${last[route]!.toFixed(1)} ms at 10,000 vs ${first[route]!.toFixed(1)} ms at 10 (not flat)`,
      );
    }
  }
  return { rows, failures };
}

/** Adds published posts and open jobs until there are `size` of each. */
async function topUp(db: Awaited<ReturnType<typeof openDatabase>>["db"], size: number) {
  await db.execute(sql`
    insert into blog_posts (heading, sub_heading, full_description, image_alt_text, tags, author, status, published_at)
    select 'Bench post ' || n, 'A post added by the growth bench', '<p>Body of bench post ' || n || '.</p>',
           'Cover', 'GCC', 'Bench', 'published', now() - (n || ' minutes')::interval
    from generate_series(1, greatest(0, ${size} - (select count(*) from blog_posts))::int) as n`);
  await db.execute(sql`
    insert into jobs (job_title, company, location, salary, job_description, responsibilities, requirements, status)
    select 'Bench job ' || n, 'Bench Co', 'Noida, India', '', '<p>Job ' || n || '.</p>', '["Do things"]', '["Know things"]', 'open'
    from generate_series(1, greatest(0, ${size} - (select count(*) from jobs))::int) as n`);
}

function printCached(rows: Row[]) {
  console.log(
    `\nCached public answers: wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s, Accept-Encoding: ${BROWSER_ENCODING}\n`,
  );
  console.log(
    "| route | bytes (br) | ours req/s | bare Node | nginx | ours / bare Node | ours / nginx | nginx / ours | p50 / p99 ours | non-2xx | server CPU per answer | server busy |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${fmt(r.bytes.br)} | ${fmt(r.ours.rps)} | ${fmt(r.bare.rps)} | ${fmt(r.nginx.rps)} | ${(r.ours.rps / r.bare.rps).toFixed(2)} | ${(r.ours.rps / r.nginx.rps).toFixed(3)} | ${(r.nginx.rps / r.ours.rps).toFixed(1)}x | ${fmt(r.ours.p50Ms, 2)} / ${fmt(r.ours.p99Ms, 2)} ms | ${r.ours.non2xx + r.ours.errors} | ${fmt(r.cpuUsPerAnswer, 1)} µs | ${Math.round(r.serverBusy * 100)} % |`,
    );
  }
}

function printUncached(rows: UncachedRow[]) {
  console.log(`\nUncached answers (ours only, same wrk settings):\n`);
  console.log(
    "| route | what | browser req/s | p50 / p99 | bytes (encoding) | no Accept-Encoding req/s | p50 / p99 | bytes |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${r.what} | ${fmt(r.browser.rps)} | ${fmt(r.browser.p50Ms)} / ${fmt(r.browser.p99Ms)} ms | ${fmt(r.browser.bytes)} (${r.browser.encoding}) | ${fmt(r.plain.rps)} | ${fmt(r.plain.p50Ms)} / ${fmt(r.plain.p99Ms)} ms | ${fmt(r.plain.bytes)} |`,
    );
  }
}

async function main() {
  ensureBuild();
  ensureTools();
  const started = new Date();
  console.log(`bench:http on ${cpus().length} × ${cpus()[0]?.model}; build ${BUILD_DIR}`);
  const failures: string[] = [];
  let cached: Row[] = [];
  let uncached: UncachedRow[] = [];
  if (PARTS.has("http") || PARTS.has("uncached")) {
    const ours = await startOurs();
    try {
      if (PARTS.has("http")) {
        const result = await cachedRoutes(ours);
        cached = result.rows;
        failures.push(...result.failures);
      }
      if (PARTS.has("uncached")) {
        const result = await uncachedRoutes(ours);
        uncached = result.rows;
        failures.push(...result.failures);
      }
    } finally {
      await ours.stop();
    }
    if (cached.length) printCached(cached);
    if (uncached.length) printUncached(uncached);
  }

  let grown: GrowthRow[] = [];
  if (PARTS.has("growth")) {
    console.log(
      "\nGrowth (server-side answer time, median of up to 20, page cache emptied before each request):",
    );
    const result = await growth();
    grown = result.rows;
    failures.push(...result.failures);
    console.log(`\n| route | ${grown.map((g) => `${fmt(g.size)} rows`).join(" | ")} |`);
    console.log(`|---|${grown.map(() => "---:").join("|")}|`);
    for (const route of GROWTH_ROUTES) {
      console.log(
        `| ${route}${FLAT_ROUTES.has(route) ? "" : " (whole list, by contract)"} | ${grown.map((g) => (Number.isFinite(g.timings[route]) ? `${g.timings[route]!.toFixed(1)} ms` : "failed")).join(" | ")} |`,
      );
    }
  }

  mkdirSync("bench-results", { recursive: true });
  writeFileSync(
    join("bench-results", "bench-http.json"),
    JSON.stringify(
      {
        date: started.toISOString(),
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        seconds: SECONDS,
        connections: CONNECTIONS,
        cached,
        uncached,
        growth: grown,
      },
      null,
      2,
    ),
  );
  if (failures.length > 0) {
    console.error(`\nBudget missed:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log("\nAll budgets met.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
