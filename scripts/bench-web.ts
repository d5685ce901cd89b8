/**
 * Web performance bench: `npm run bench:web` (builds first).
 *
 * Starts the built server on a fresh database, runs Lighthouse 12 (mobile, simulated throttling) with Debian
 * Chromium on each page below, prints one row per page with the JavaScript and CSS it loaded, and exits
 * non-zero when a budget is missed. Add pages to PAGES; give a page its own budget with `budget`.
 *
 *   BENCH_RUNS=5 npm run bench:web     median of five Lighthouse runs per page (default 3)
 *   BENCH_PAGES=/,/contact             only these pages
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { postPath } from "#shared/slug.ts";
import { freePort, startServer } from "#tests/e2e/support/server.ts";
import {
  DEFAULT_BUDGET,
  JOB_BUDGET,
  PAGES,
  POST_BUDGET,
  type Budget,
  type LighthouseScores,
} from "./page-budgets";
import { jobPath } from "#shared/paths.ts";

/** The newest blog post (and the newest in Hindi and in Tamil) and a job page, found on the running server. */
async function contentPages(origin: string): Promise<{ path: string; budget?: Partial<Budget> }[]> {
  const newestPost = async (query: string) => {
    const posts = (await (await fetch(`${origin}/api/blog_details/${query}`)).json()) as {
      id: number;
      heading: string;
    }[];
    return posts[0] ? [{ path: postPath(posts[0].id, posts[0].heading), budget: POST_BUDGET }] : [];
  };
  const jobs = (await (await fetch(`${origin}/api/post_jobs/`)).json()) as { id: number }[];
  return [
    ...(await newestPost("")),
    ...(await newestPost("?lang=hi")),
    ...(await newestPost("?lang=ta")),
    ...(jobs[0] ? [{ path: jobPath(jobs[0].id), budget: JOB_BUDGET }] : []),
  ];
}

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface Row extends LighthouseScores {
  path: string;
  assets: Awaited<ReturnType<typeof assetBytes>>;
  failedAudits: string[];
  requests: { url: string; resourceType?: string }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function audit(url: string, port: number): Promise<Omit<Row, "path" | "assets">> {
  // A trace can fail to record on a busy machine (e.g. NO_NAVSTART); such a run measures nothing, so retry it.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError || attempt === 3) break;
    console.error(`${url}: ${lhr.runtimeError.code}, running Lighthouse again`);
  }
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  const failedAudits = Object.values(categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a!.id}: ${a!.title}`);
  const requests = (
    (audits["network-requests"]?.details as { items?: Row["requests"] } | undefined)?.items ?? []
  ).map((item) => ({ url: item.url, resourceType: item.resourceType }));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    failedAudits,
    requests,
  };
}

/** Gzip (level 9) size of every same-origin script and stylesheet the page requested. */
async function assetBytes(origin: string, requests: Row["requests"]) {
  const sum = { js: 0, css: 0, jsFiles: 0, cssFiles: 0 };
  const seen = new Set<string>();
  for (const request of requests) {
    const kind =
      request.resourceType === "Script" ? "js" : request.resourceType === "Stylesheet" ? "css" : null;
    if (!kind || !request.url.startsWith(origin) || seen.has(request.url)) continue;
    seen.add(request.url);
    const body = Buffer.from(await (await fetch(request.url)).arrayBuffer());
    sum[kind] += gzipSync(body, { level: 9 }).length;
    sum[kind === "js" ? "jsFiles" : "cssFiles"] += 1;
  }
  return sum;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const only = process.env.BENCH_PAGES?.split(",").map((p) => p.trim());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, env: { PUBLIC_BASE_URL: origin } });
  const all = [...PAGES, ...(await contentPages(origin))];
  const pages = only ? all.filter((p) => only.includes(p.path)) : all;
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const failures: string[] = [];
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      // Warm the server (first database query, module caches) so the run measures the page, not start-up.
      await fetch(origin + page.path);
      const results: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(origin + page.path, chrome.port));
      const pick = (
        key: "performance" | "accessibility" | "bestPractices" | "seo" | "lcpMs" | "cls" | "tbtMs",
      ) => median(results.map((r) => r[key]));
      rows.push({
        path: page.path,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
        lcpMs: pick("lcpMs"),
        cls: pick("cls"),
        tbtMs: pick("tbtMs"),
        failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
        requests: results[0]!.requests,
        assets: await assetBytes(origin, results[0]!.requests),
      });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  console.log(`\nLighthouse 12, mobile, simulated throttling, ${runs} run(s) per page (median)\n`);
  console.log("| page | perf | a11y | best pr. | SEO | LCP | CLS | TBT | JS gzip (files) | CSS gzip |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    const budget = { ...DEFAULT_BUDGET, ...pages.find((p) => p.path === row.path)?.budget };
    const checks: [boolean, string][] = [
      [row.performance >= budget.performance, `performance ${row.performance} < ${budget.performance}`],
      [
        row.accessibility >= budget.accessibility,
        `accessibility ${row.accessibility} < ${budget.accessibility}`,
      ],
      [
        row.bestPractices >= budget.bestPractices,
        `best practices ${row.bestPractices} < ${budget.bestPractices}`,
      ],
      [row.seo >= budget.seo, `SEO ${row.seo} < ${budget.seo}`],
      [row.lcpMs <= budget.lcpMs, `LCP ${Math.round(row.lcpMs)} ms > ${budget.lcpMs} ms`],
      [row.cls <= budget.cls, `CLS ${row.cls.toFixed(3)} > ${budget.cls}`],
      [row.tbtMs <= budget.tbtMs, `TBT ${Math.round(row.tbtMs)} ms > ${budget.tbtMs} ms`],
      [
        row.assets.js > 0 && row.assets.js <= budget.jsGzipBytes,
        `JavaScript ${row.assets.js} B gzip > ${budget.jsGzipBytes} B`,
      ],
      [row.assets.css <= budget.cssGzipBytes, `CSS ${row.assets.css} B gzip > ${budget.cssGzipBytes} B`],
    ];
    for (const [ok, message] of checks) if (!ok) failures.push(`${row.path}: ${message}`);
    console.log(
      `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ` +
        `${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms | ` +
        `${kib(row.assets.js)} (${row.assets.jsFiles}); budget ${kib(budget.jsGzipBytes)} | ${kib(row.assets.css)} |`,
    );
    if (row.failedAudits.length > 0) console.log(`|   ↳ not passed: ${row.failedAudits.join("; ")} |`);
  }

  if (failures.length > 0) {
    console.log(`\nBudget missed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAll budgets met.");
  }
}

// Run only as the script itself: bench:wordpress imports audit() and CHROME_FLAGS from here.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
