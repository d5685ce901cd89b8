/**
 * Database bench of the logistics console's lists.
 *
 *   npm run bench:db                       PGlite with 100,000 records (+ PostgreSQL with 1,000,000 when
 *                                          BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 *   npm run bench:db -- --samples 50 --pglite-scale 100000 --pg-scale 1000000 --skip-pglite
 *
 * Each list endpoint is timed through its domain service (what the route calls) with search text, two
 * filters and a deep page (the last page of the filtered rows); analytics over a 30-day range. Seeded
 * databases are kept (PGlite under bench-results/, PostgreSQL as database `bench_logistics_<scale>`) and
 * reused when they already hold the records. Exit code 1 when a budget is missed.
 */
import { sql } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase, type Database } from "#db/client.ts";
import { members, serviceHistory } from "#db/schema/index.ts";
import * as schema from "#db/schema/index.ts";
import { drizzle } from "drizzle-orm/node-postgres";
import { rmSync } from "node:fs";
import { seedLogistics } from "#db/seed/demo.ts";
import { createAuditService } from "#domain/audit/service.ts";
import { createLogisticsService, type LogisticsService } from "#domain/logistics/index.ts";
import {
  addDays,
  afterSaleQuerySchema,
  analyticsQuerySchema,
  buySellResource,
  driverResource,
  feedbackListQuerySchema,
  leadListQuerySchema,
  loadResource,
  memberListQuerySchema,
  serviceRequestListQuerySchema,
  todayInIndia,
  truckResource,
} from "#schemas/logistics.ts";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "30" },
    "pglite-scale": { type: "string", default: "100000" },
    "pg-scale": { type: "string", default: "1000000" },
    "skip-pglite": { type: "boolean", default: false },
    "skip-pg": { type: "boolean", default: false },
  },
});
const SAMPLES = Math.max(30, Number(values.samples));
const PAGE_SIZE = 10;

interface Case {
  name: string;
  scenario: string;
  kind: "list" | "analytics";
  /** Runs one request; returns the total it reports (to pick the deep page). */
  run: (page: number) => Promise<number>;
  /** A case whose page is fixed (analytics first page). */
  fixedPage?: boolean;
}

function cases(s: LogisticsService): Case[] {
  const list = <Q>(
    name: string,
    scenario: string,
    parse: (page: number) => Q,
    call: (q: Q) => Promise<{ total: number }>,
  ): Case => ({
    name,
    scenario,
    kind: "list",
    run: async (page) => (await call(parse(page))).total,
  });
  const q =
    <S extends { parse: (v: unknown) => unknown }>(schema: S, params: Record<string, string>) =>
    (page: number) =>
      schema.parse({ ...params, page: String(page), page_size: String(PAGE_SIZE) }) as ReturnType<S["parse"]>;
  const to = todayInIndia();
  const from = addDays(to, -29);
  const analytics = (entity: "load" | "truck" | "driver" | "buy_sell"): Case => ({
    name: `analytics ${entity}`,
    scenario: `${from}..${to}, chart + table page 1`,
    kind: "analytics",
    fixedPage: true,
    run: async () =>
      (
        await s.analytics.entity(
          entity,
          analyticsQuerySchema.parse({ from_date: from, to_date: to, page: "1", page_size: "10" }),
        )
      ).total,
  });
  return [
    list(
      "members",
      "search 'sharma', state=18, category=Lorry Owner",
      q(memberListQuerySchema, { search: "sharma", state: "18", service_category: "Lorry Owner" }),
      (x) => s.members.list(x),
    ),
    list(
      "loads",
      "search 'sharma', state=18, body=Trailer",
      q(loadResource.listQuery, { search: "sharma", state: "18", body_type: "Trailer" }),
      (x) => s.loads.list(x),
    ),
    list(
      "trucks",
      "search 'sharma', state=18, brand=Tata",
      q(truckResource.listQuery, { search: "sharma", state: "18", brand: "Tata" }),
      (x) => s.trucks.list(x),
    ),
    list(
      "drivers",
      "search 'sharma', state=18, added last 180 days",
      q(driverResource.listQuery, { search: "sharma", state: "18", created_from: addDays(to, -180) }),
      (x) => s.drivers.list(x),
    ),
    list(
      "buy_sell",
      "search 'sharma', state=18, brand=Tata",
      q(buySellResource.listQuery, { search: "sharma", state: "18", brand: "Tata" }),
      (x) => s.buySell.list(x),
    ),
    list(
      "buy_sell (bands)",
      "search 'a', km 1,00,001-3,00,000, price ₹20-30 L",
      q(buySellResource.listQuery, { search: "a", km_band: "100001-300000", price_band: "2000001-3000000" }),
      (x) => s.buySell.list(x),
    ),
    list(
      "insurance",
      "search 'MH', status=new, last 365 days",
      q(serviceRequestListQuerySchema, { search: "MH", status: "new", created_from: addDays(to, -365) }),
      (x) => s.requests.list("insurance", x),
    ),
    list(
      "fast_tag",
      "search 'MH', status=done, last 365 days",
      q(serviceRequestListQuerySchema, { search: "MH", status: "done", created_from: addDays(to, -365) }),
      (x) => s.requests.list("fast_tag", x),
    ),
    list(
      "feedback",
      "search 'the', kind=feedback, status=open",
      q(feedbackListQuerySchema, { search: "the", kind: "feedback", status: "open" }),
      (x) => s.feedback.list(x),
    ),
    list(
      "crm leads",
      "search 'sharma', status=HOT, overdue",
      q(leadListQuerySchema, { search: "sharma", status: "HOT", follow_up: "overdue" }),
      (x) => s.crm.listLeads(x),
    ),
    list(
      "crm after_sale",
      "search 'sharma', state=18",
      q(afterSaleQuerySchema, { search: "sharma", state: "18" }),
      (x) => s.crm.afterSale(x),
    ),
    list("loads (no filter)", "default view, page 1", q(loadResource.listQuery, {}), (x) => s.loads.list(x)),
    analytics("load"),
    analytics("truck"),
    analytics("driver"),
    analytics("buy_sell"),
    {
      name: "analytics overall",
      scenario: "this_month: KPI tiles + daily chart",
      kind: "analytics",
      fixedPage: true,
      run: async () => (await s.analytics.overall("this_month")).kpis.length,
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(
  engine: string,
  scale: number,
  db: Database,
  budgets: { list: number; analytics: number | null },
) {
  const service = createLogisticsService(db, createAuditService(db));
  const rows: string[][] = [];
  let failed = false;
  for (const c of cases(service)) {
    const total = await c.run(1);
    // Deep page: the last page of what the filter selects.
    const page = c.fixedPage || c.name.includes("no filter") ? 1 : Math.max(1, Math.ceil(total / PAGE_SIZE));
    for (let i = 0; i < 3; i++) await c.run(page); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await c.run(page);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const budget = c.kind === "analytics" ? budgets.analytics : budgets.list;
    const ok = budget === null || p95 <= budget;
    if (!ok) failed = true;
    rows.push([
      engine,
      scale.toLocaleString("en-US"),
      c.name,
      c.scenario,
      String(total),
      String(page),
      p50.toFixed(1),
      p95.toFixed(1),
      budget === null ? "-" : `≤ ${budget}`,
      ok ? "ok" : "OVER",
    ]);
  }
  return { rows, failed };
}

function printTable(rows: string[][]) {
  const head = [
    "engine",
    "records",
    "endpoint",
    "scenario",
    "matches",
    "page",
    "p50 ms",
    "p95 ms",
    "budget",
    "",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** True when an earlier run finished seeding (service history is the generator's last table). */
async function seeded(db: Database, scale: number) {
  return (
    (await db.$count(serviceHistory)) >= Math.round(scale * 0.02) &&
    (await db.$count(members)) >= Math.round(scale * 0.15)
  );
}

async function seed(db: Database, scale: number, label: string) {
  const started = Date.now();
  console.log(`${label}: seeding ${scale.toLocaleString("en-US")} records…`);
  await seedLogistics(db, scale);
  // Index-only scans (the covering list indexes) need the visibility map that VACUUM sets.
  await db.execute(sql`vacuum analyze`);
  console.log(`${label}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const allRows: string[][] = [];
let anyFailed = false;

if (!values["skip-pglite"]) {
  const scale = Number(values["pglite-scale"]);
  const dir = join("bench-results", `pglite-${scale}`);
  mkdirSync(dir, { recursive: true });
  let handle = await openDatabase({ kind: "pglite", dataDir: dir });
  if (!(await seeded(handle.db, scale))) {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
    handle = await openDatabase({ kind: "pglite", dataDir: dir });
    await seed(handle.db, scale, "PGlite");
  } else console.log("PGlite: reusing the database seeded earlier");
  try {
    const result = await measure("PGlite", scale, handle.db, { list: 150, analytics: null });
    allRows.push(...result.rows);
    anyFailed ||= result.failed;
  } finally {
    await handle.close();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl && !values["skip-pg"]) {
  const scale = Number(values["pg-scale"]);
  const name = `bench_logistics_${scale}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const exists = await adminQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`);
  let handle = exists.rowCount
    ? await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 })
    : null;
  if (!handle || !(await seeded(handle.db, scale))) {
    await handle?.close();
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(serverUrl, `create database ${name}`);
    handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
    // Seeding runs statements far longer than the app's request timeouts allow: its own connection.
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await seed(drizzle(pool, { schema }) as unknown as Database, scale, "PostgreSQL");
    } finally {
      await pool.end();
    }
  } else console.log("PostgreSQL: reusing the database seeded earlier");
  try {
    const result = await measure("PostgreSQL", scale, handle.db, { list: 50, analytics: 200 });
    allRows.push(...result.rows);
    anyFailed ||= result.failed;
  } finally {
    await handle.close();
  }
} else if (!serverUrl) {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to bench 1,000,000 records)");
}

console.log(
  `\n${SAMPLES} samples per row; budgets: p95 ≤ 150 ms (PGlite, lists), ≤ 50 ms (PostgreSQL, lists), ≤ 200 ms (PostgreSQL, analytics).`,
);
printTable(allRows);
process.exit(anyFailed ? 1 : 0);
