import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { addDays } from "#schemas/logistics.ts";
import { rowsOf } from "./common";
import { createAnalyticsService, periodRanges } from "./analytics";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const run = (statement: string) => handle.db.execute(sql.raw(statement));

/** What the triggers keep, and what counting the rows gives: the two must always be equal. */
async function countsOf(table: string) {
  const kept = await rowsOf<{ day: string; imported: boolean; n: number }>(
    handle.db,
    sql`select day::text as day, imported, n from logistics_daily_counts
      where table_name = ${table} and n <> 0 order by day, imported`,
  );
  const counted = await rowsOf<{ day: string; imported: boolean; n: number | string }>(
    handle.db,
    sql`select (created_at at time zone 'Asia/Kolkata')::date::text as day, import_batch_id is not null as imported,
      count(*) as n from ${sql.identifier(table)} group by 1, 2 order by 1, 2`,
  );
  return {
    kept: kept.map((r) => ({ ...r, n: Number(r.n) })),
    counted: counted.map((r) => ({ ...r, n: Number(r.n) })),
  };
}

async function expectInStep(table: string) {
  const { kept, counted } = await countsOf(table);
  expect(kept).toEqual(counted);
  return kept;
}

const load = (member: number, createdAt: string, batch: number | null = null) =>
  `(${member}, '+919800000001', 'Mumbai', 18, 'Pune', 18, 'Steel', 10, 'Trailer', 10, '10-20', '2026-01-01', '${createdAt}', ${batch ?? "null"})`;
const loadColumns =
  "member_id, contact_no, from_city, from_state, to_city, to_state, material, weight_tons, body_type, tyres, tonnage_band, pickup_date, created_at, import_batch_id";

describe("daily counts kept by the writes", () => {
  it("follow inserts, edits of the day or the import mark, deletes, restores and truncation", async () => {
    await run(`insert into members (first_name, phone, state, service_category, created_at, import_batch_id) values
      ('A', '+919800000001', 18, 'Lorry Owner', '2026-03-01T10:00:00+05:30', null),
      ('B', '+919800000002', 18, 'Lorry Owner', '2026-03-01T23:59:00+05:30', 7),
      ('C', '+919800000003', 18, 'Lorry Owner', '2026-03-02T00:01:00+05:30', null)`);
    expect(await expectInStep("members")).toEqual([
      { day: "2026-03-01", imported: false, n: 1 },
      { day: "2026-03-01", imported: true, n: 1 },
      { day: "2026-03-02", imported: false, n: 1 },
    ]);
    // 00:10 in India is still the day before in UTC: the count goes by India's day.
    await run(
      `insert into loads (${loadColumns}) values ${[
        load(1, "2026-03-01T00:10:00+05:30"),
        load(1, "2026-03-01T12:00:00+05:30"),
        load(2, "2026-03-02T12:00:00+05:30", 7),
        load(3, "2026-03-03T12:00:00+05:30"),
      ].join(",")}`,
    );
    expect(await expectInStep("loads")).toHaveLength(3);

    await run(`update loads set material = 'Cement'`); // no day or mark changes
    await run(`update loads set created_at = created_at + interval '1 day' where id = 1`);
    await run(`update loads set import_batch_id = 9 where id = 2`);
    await run(`update loads set import_batch_id = null where id = 3`);
    await expectInStep("loads");

    const [removed] = await rowsOf<Record<string, unknown>>(handle.db, sql`select * from loads where id = 4`);
    await run(`delete from loads where id in (1, 4)`);
    await expectInStep("loads");
    // The trash puts a record back as it was, with its id and creation time.
    await run(
      `insert into loads (id, ${loadColumns}) values (4, ${load(3, new Date(removed!.created_at as string).toISOString()).slice(1)}`,
    );
    expect(await expectInStep("loads")).toContainEqual({ day: "2026-03-03", imported: false, n: 1 });

    await run(`delete from members where id = 2`); // its loads stay (member_id set null)
    await expectInStep("members");
    await expectInStep("loads");

    await run(`truncate loads`);
    expect(await expectInStep("loads")).toEqual([]);
  });

  it("answer the analytics exactly as counting the rows did, the previous period's last day cut at the time of day", async () => {
    const analytics = createAnalyticsService(handle.db);
    const now = new Date("2026-03-18T14:30:00+05:30");
    const today = "2026-03-18";
    const { previous } = periodRanges("this_month", today);
    const cutDay = previous.to;
    const at = (day: string, time: string) => new Date(`${day}T${time}+05:30`).toISOString();
    await run(
      `insert into loads (${loadColumns}) values ${[
        load(1, at(today, "09:00:00")),
        load(1, at(today, "09:00:00"), 5),
        load(1, at(addDays(today, -3), "20:00:00")),
        load(1, at(cutDay, "10:00:00")), // before 14:30 on the last compared day: counted
        load(1, at(cutDay, "18:00:00")), // after it: not counted
        load(1, at(cutDay, "11:00:00"), 5),
        load(1, at(addDays(cutDay, -2), "23:00:00")),
      ].join(",")}`,
    );
    const overall = await analytics.overall("this_month", now);
    const tile = (key: string) => overall.kpis.find((k) => k.key === key)!;
    expect(tile("load")).toMatchObject({ current: 2, previous: 2 });
    expect(tile("imported")).toMatchObject({ current: 1, previous: 1 });
    expect(overall.chart.find((p) => p.bucket === today)).toMatchObject({ load: 1, imported: 1 });
    expect(overall.chart.find((p) => p.bucket === addDays(today, -3))).toMatchObject({ load: 1 });
    // A whole period (last month) counts its last day whole.
    const lastMonth = await analytics.overall("last_month", new Date("2026-04-10T08:00:00+05:30"));
    expect(lastMonth.kpis.find((k) => k.key === "load")).toMatchObject({ current: 2, previous: 3 });

    const entity = await analytics.entity("load", {
      from_date: previous.from,
      to_date: today,
      page: 1,
      page_size: 10,
      search: "",
    } as never);
    expect(entity.total).toBe(7);
    expect(entity.chart.find((p) => p.date === cutDay)).toEqual({ date: cutDay, count: 3 });
    const searched = await analytics.entity("load", {
      from_date: previous.from,
      to_date: today,
      page: 1,
      page_size: 10,
      search: "Steel",
    } as never);
    expect(searched.chart).toEqual(entity.chart);
    expect(searched.total).toBe(entity.total);
  });
});
