/**
 * The process we ship: start-up time and resident memory of `npm run serve`.
 *
 *   npm run bench:process          PGlite, and PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *                                  (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made there)
 *   BENCH_RESTARTS=5 npm run bench:process
 *
 * Each engine: a first start on an empty data dir (migrations + demo content), then restarts on the existing
 * data until /readyz answers 200 (median of BENCH_RESTARTS), then 300 public requests and the resident memory
 * (VmRSS) of the whole process tree that `npm run serve` leaves running: npm itself and the server.
 * Budgets: restart ≤ 4 s on PGlite and ≤ 2 s on PostgreSQL; tree ≤ 450 MB on PGlite and ≤ 200 MB on
 * PostgreSQL. Exit code 1 when one is missed. Results also go to bench-results/bench-process.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild } from "#tests/support/build.ts";
import { freePort } from "#tests/e2e/support/server.ts";
import { commandOf, rssMb, stopGroup, treePids } from "./support/process";
import { scratchDatabase } from "./support/scratch-database";
import { CAREERS_PATH, jobPath } from "#shared/paths.ts";

const RESTARTS = Math.max(1, Number(process.env.BENCH_RESTARTS ?? 3));
const REQUESTS = 300;
const PG_SERVER =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

interface Engine {
  name: "PGlite" | "PostgreSQL";
  env: Record<string, string>;
  readyBudgetMs: number;
  rssBudgetMb: number;
}

interface Started {
  child: ChildProcess;
  port: number;
  readyMs: number;
  output(): string;
}

/** `npm run serve` as an operator starts it: production, default log level, output to a pipe. */
async function serve(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", "serve"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, stopped as a terminal's Ctrl-C or a service manager would: all of it at once.
    detached: true,
  });
  let log = "";
  child.stdout!.on("data", (c) => (log = (log + c).slice(-20_000)));
  child.stderr!.on("data", (c) => (log = (log + c).slice(-20_000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run serve stopped:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`not ready in 180 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, port, readyMs: performance.now() - started, output: () => log };
}

async function stop({ child }: Started) {
  // Wait for the server too, so the next start finds the data dir free.
  if (!(await stopGroup(child.pid!))) throw new Error("npm run serve did not stop within 20 s of SIGTERM");
}

/** A spread of public pages and API answers, as visitors ask for them (the page cache fills). */
async function publicTraffic(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const posts = (await (await fetch(`${base}/api/blog_details/`)).json()) as { id: number }[];
  const jobs = (await (await fetch(`${base}/api/post_jobs/`)).json()) as { id: number }[];
  const paths = [
    "/",
    "/about-page",
    "/leadership-page",
    "/consulting-services",
    "/contact",
    "/blog",
    CAREERS_PATH,
    "/api/blog_details/",
    "/api/post_jobs/",
    "/api/teams/",
    ...posts.slice(0, 5).map((p) => `/blog/${p.id}`),
    ...jobs.slice(0, 5).map((j) => jobPath(j.id)),
  ];
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(base + paths[i % paths.length]!, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${paths[i % paths.length]} answered ${res.status}`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchEngine(engine: Engine) {
  const first = await serve(engine.env);
  await stop(first);
  const restarts: number[] = [];
  let last: Started | null = null;
  for (let i = 0; i < RESTARTS; i++) {
    if (last) await stop(last);
    last = await serve(engine.env);
    restarts.push(last.readyMs);
  }
  await publicTraffic(last!.port);
  await new Promise((r) => setTimeout(r, 1000));
  const pids = treePids(last!.child.pid!);
  const processes = pids.map((pid) => ({ pid, command: commandOf(pid), rssMb: rssMb(pid) }));
  const treeMb = processes.reduce((sum, p) => sum + p.rssMb, 0);
  await stop(last!);
  return {
    engine: engine.name,
    firstStartMs: first.readyMs,
    restartMs: median(restarts),
    restartsMs: restarts,
    treeMb,
    processes,
    readyBudgetMs: engine.readyBudgetMs,
    rssBudgetMb: engine.rssBudgetMb,
    met: median(restarts) <= engine.readyBudgetMs && treeMb <= engine.rssBudgetMb,
  };
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-process-"));
  const engines: Engine[] = [
    { name: "PGlite", env: { DATA_DIR: dataDir }, readyBudgetMs: 4000, rssBudgetMb: 450 },
  ];
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
  try {
    scratch = await scratchDatabase(PG_SERVER, `bench_process_${Date.now()}`);
    engines.push({
      name: "PostgreSQL",
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), "bench-process-pg-")),
        DATABASE_URL: scratch.url,
        JWT_SECRET: "bench-process-secret-that-is-long-enough",
        SEED_DEMO: "true",
      },
      readyBudgetMs: 2000,
      rssBudgetMb: 200,
    });
  } catch (error) {
    console.log(
      `PostgreSQL at ${PG_SERVER} is unreachable (${(error as Error).message}); its budgets are not checked.`,
    );
  }

  const results = [];
  try {
    for (const engine of engines) results.push(await benchEngine(engine));
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nbench:process (npm run serve; ${RESTARTS} restarts, ${REQUESTS} public requests)\n`);
  console.log(
    "| engine | first start (empty data) | restart to /readyz (median) | tree RSS after requests | budget | met |",
  );
  console.log("|---|---:|---:|---:|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${(r.firstStartMs / 1000).toFixed(2)} s | ${(r.restartMs / 1000).toFixed(2)} s (${r.restartsMs
        .map((ms) => (ms / 1000).toFixed(2))
        .join(
          ", ",
        )}) | ${r.treeMb.toFixed(0)} MB | ≤ ${r.readyBudgetMs / 1000} s, ≤ ${r.rssBudgetMb} MB | ${r.met ? "yes" : "NO"} |`,
    );
  }
  for (const r of results) {
    console.log(`\n${r.engine} process tree:`);
    for (const p of r.processes)
      console.log(`  ${p.pid}  ${p.rssMb.toFixed(0).padStart(4)} MB  ${p.command}`);
  }
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/bench-process.json", JSON.stringify(results, null, 2));
  const missed = results.filter((r) => !r.met).length + (scratch ? 0 : 1);
  console.log(missed === 0 ? "\nAll budgets met." : `\n${missed} budget(s) missed or not measured.`);
  process.exit(missed === 0 ? 0 : 1);
}

await main();
