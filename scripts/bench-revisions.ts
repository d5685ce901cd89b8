/**
 * A heavily edited post on the embedded database.
 *
 *   npm run bench:revisions                          1,000 saves of a 100 KB post
 *   npm run bench:revisions -- --saves 300 --kb 100 --samples 500
 *
 * Starts the built server (building it first when the build is not current) as its own process on a fresh
 * PGlite data directory, saves one post `--saves` times with a `--kb` KB body through the API, then deletes it
 * (to the trash) and restores it, again and again, while another thread asks /healthz back to back. Only the
 * answers that overlap a delete or a restore count, and the rounds go on until there are about `--samples`
 * of them (500 by default; at most MAX_ROUNDS rounds), so the p99 is a percentile and not the slowest of a
 * few dozen. Prints the /healthz p50/p99/max during the deletes and restores, their first and median
 * durations, the revisions kept and the server's resident memory (VmRSS) before, at its peak and after.
 * Budgets: /healthz p99 < 200 ms, memory after < 400 MB; exit code 1 when one is missed. Results also go to
 * bench-results/bench-revisions.json.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startServer } from "#tests/e2e/support/server.ts";
import { ensureBuild } from "#tests/support/build.ts";
import { adminApi } from "./support/admin-api";
import { clock, during, percentile, round, sampleUrl, type Span } from "./support/health-sampler";
import { rssMb } from "./support/process";

const { values } = parseArgs({
  options: {
    saves: { type: "string", default: "1000" },
    kb: { type: "string", default: "100" },
    samples: { type: "string", default: "500" },
  },
});
const SAVES = Math.max(1, Number(values.saves));
const KB = Math.max(1, Number(values.kb));
const SAMPLES = Math.max(1, Number(values.samples));
const MAX_ROUNDS = 2_000;
const P99_BUDGET_MS = 200;
const RSS_BUDGET_MB = 400;

/** A body of about `kb` KB that differs on every save (a real edit history, not one repeated row). */
function article(save: number) {
  const paragraph = `<p>Save ${save}: the capability centre in Pune grows its finance and analytics teams. </p>`;
  return paragraph.repeat(Math.ceil((KB * 1024) / paragraph.length)).slice(0, KB * 1024 - 4) + "</p>";
}

async function main() {
  ensureBuild();
  const server = await startServer({ env: { LOG_LEVEL: "warn" } });
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  try {
    const { call } = await adminApi(server.url);
    const post = (save: number) => ({
      heading: "A post edited many times",
      sub_heading: "Bench of revisions",
      full_description: article(save),
      tags: "GCC",
      author: "Bench",
      language: "English",
      status: "draft",
    });

    const rssStart = rssMb(server.pid);
    const saveStarted = performance.now();
    const { id } = (await call("POST", "/api/blog", post(0))).data as { id: number };
    for (let save = 1; save < SAVES; save++) await call("PATCH", `/api/blog/${id}`, post(save));
    const savesS = (performance.now() - saveStarted) / 1000;
    const revisions = ((await call("GET", `/api/blog/${id}/revisions`)).data as unknown[]).length;
    const rssBefore = rssMb(server.pid);
    peak = rssBefore;

    // Rounds of delete and restore while the sampler runs, until enough answers overlap them.
    const deletes: Span[] = [];
    const restores: Span[] = [];
    const sampler = sampleUrl(`${server.url}/healthz`, 2);
    await new Promise((r) => setTimeout(r, 200));
    for (let seen = 0; seen < SAMPLES && deletes.length < MAX_ROUNDS;) {
      let start = clock();
      await call("DELETE", `/api/blog/${id}`);
      deletes.push({ start, end: clock() });
      start = clock();
      await call("POST", "/api/blog/restore", { ids: [id] });
      restores.push({ start, end: clock() });
      // An estimate to stop by (answers still in flight come later); the count below is exact.
      seen += during(sampler.spans.slice(-50), [deletes.at(-1)!, restores.at(-1)!]).length;
    }
    await new Promise((r) => setTimeout(r, 200));
    const times = during(await sampler.stop(), [...deletes, ...restores]).sort((a, b) => a - b);
    const median = (spans: Span[]) =>
      percentile(
        spans.map((w) => w.end - w.start).sort((a, b) => a - b),
        50,
      );
    const restoredRevisions = ((await call("GET", `/api/blog/${id}/revisions`)).data as unknown[]).length;
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = rssMb(server.pid);

    const result = {
      saves: SAVES,
      body_kb: KB,
      saves_s: round(savesS),
      revisions_kept: revisions,
      revisions_after_restore: restoredRevisions,
      rounds: deletes.length,
      delete_first_ms: round(deletes[0]!.end - deletes[0]!.start),
      restore_first_ms: round(restores[0]!.end - restores[0]!.start),
      delete_median_ms: round(median(deletes)),
      restore_median_ms: round(median(restores)),
      healthz_samples: times.length,
      healthz_p50_ms: round(percentile(times, 50)),
      healthz_p99_ms: round(percentile(times, 99)),
      healthz_max_ms: round(times.at(-1) ?? 0),
      rss_start_mb: round(rssStart),
      rss_before_delete_mb: round(rssBefore),
      rss_peak_mb: round(peak),
      rss_after_mb: round(rssAfter),
    };
    console.table(result);
    mkdirSync("bench-results", { recursive: true });
    writeFileSync("bench-results/bench-revisions.json", JSON.stringify(result, null, 2) + "\n");
    const missed = [
      result.healthz_p99_ms >= P99_BUDGET_MS
        ? `/healthz p99 ${result.healthz_p99_ms} ms ≥ ${P99_BUDGET_MS} ms`
        : "",
      result.rss_after_mb >= RSS_BUDGET_MB
        ? `memory after ${result.rss_after_mb} MB ≥ ${RSS_BUDGET_MB} MB`
        : "",
    ].filter(Boolean);
    if (missed.length > 0) {
      console.error(`Budget missed: ${missed.join("; ")}`);
      process.exitCode = 1;
    } else
      console.log(`Within budget: /healthz p99 < ${P99_BUDGET_MS} ms, memory after < ${RSS_BUDGET_MB} MB.`);
  } finally {
    clearInterval(watch);
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
