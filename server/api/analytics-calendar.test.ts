import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { crmLeads, members } from "#db/schema/index.ts";
import { isoWeekStart, periodRanges } from "#domain/logistics/analytics-periods.ts";
import { importClient } from "#tests/support/imports.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

const { ctx, call, db } = logisticsTestAppPerFile();
const kpis = async (period: string, now: Date) =>
  Object.fromEntries(
    (await ctx().app.services.logistics.analytics.overall(period as never, now)).kpis.map((k) => [k.key, k]),
  );

describe("calendar weeks and months", () => {
  it("are ISO weeks (Monday to Sunday) and whole months, across a year's end", () => {
    // 1 March 2026 is a Sunday: its week began on Monday 23 February.
    expect(isoWeekStart("2026-03-01")).toBe("2026-02-23");
    expect(isoWeekStart("2026-03-02")).toBe("2026-03-02");
    // 1 January 2026 is a Thursday: ISO week 1 began on Monday 29 December 2025.
    expect(periodRanges("this_week", "2026-01-01")).toEqual({
      current: { from: "2025-12-29", to: "2026-01-01" },
      previous: { from: "2025-12-22", to: "2025-12-25" },
    });
    expect(periodRanges("last_week", "2026-01-01")).toEqual({
      current: { from: "2025-12-22", to: "2025-12-28" },
      previous: { from: "2025-12-15", to: "2025-12-21" },
    });
    expect(periodRanges("last_month", "2026-01-15")).toEqual({
      current: { from: "2025-12-01", to: "2025-12-31" },
      previous: { from: "2025-11-01", to: "2025-11-30" },
    });
    expect(periodRanges("last_month", "2024-03-31")).toEqual({
      current: { from: "2024-02-01", to: "2024-02-29" },
      previous: { from: "2024-01-01", to: "2024-01-31" },
    });
    expect(periodRanges("this_month", "2026-03-31").previous).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });

  it("start at midnight in India (Asia/Kolkata), not in UTC, and an ended one is compared whole", async () => {
    const lead = (name: string, at: string) => ({
      name,
      contactNo: "+919811100000",
      createdAt: new Date(at),
    });
    await db()
      .insert(crmLeads)
      .values([
        // Sunday 8 March 2026, 23:50 in India (18:20 UTC): the last minutes of ISO week 10.
        lead("Sunday night", "2026-03-08T23:50:00+05:30"),
        // Monday 9 March, 00:10 in India: still Sunday in UTC (18:40), but week 11 in India.
        lead("Monday early", "2026-03-09T00:10:00+05:30"),
        // Sunday 1 March, 22:00: the end of the week before (week 9), later in the day than "now" below; a
        // week that has ended is compared with the whole week before, so it counts.
        lead("Week before", "2026-03-01T22:00:00+05:30"),
        // 28 February, 23:30 in India: February, whatever UTC says (18:00 UTC the same day).
        lead("February end", "2026-02-28T23:30:00+05:30"),
        // 1 March, 00:15 in India (28 February, 18:45 UTC): March.
        lead("March start", "2026-03-01T00:15:00+05:30"),
      ]);
    // Wednesday 11 March 2026, 09:00 in India.
    const now = new Date("2026-03-11T09:00:00+05:30");
    const lastWeek = await kpis("last_week", now);
    expect(lastWeek.lead).toMatchObject({ current: 1, previous: 3 }); // 2-8 March; 23 February-1 March
    const thisWeek = await kpis("this_week", now);
    expect(thisWeek.lead).toMatchObject({ current: 1 }); // 9-11 March
    // April: last month is all of March, against all of February.
    const april = new Date("2026-04-02T09:00:00+05:30");
    expect((await kpis("last_month", april)).lead).toMatchObject({ current: 4, previous: 1 });
    // The API takes the new periods and refuses others by name.
    expect((await call("GET", "/api/analytics/overall?period=last_week")).statusCode).toBe(200);
    const bad = await call("GET", "/api/analytics/overall?period=last_year");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("this_week");
  });
});

describe("imported records", () => {
  it("count apart from new members: an import adds to Imported, not to New members", async () => {
    const before = await kpis("today", new Date());
    // One member signs up by hand...
    const phone = `98${String(Date.now() % 1e8).padStart(8, "0")}`;
    expect(
      (
        await call("POST", "/api/members", {
          first_name: "Hand",
          last_name: "Added",
          phone,
          company: "",
          state: 18,
          service_category: "Lorry Owner",
        })
      ).statusCode,
    ).toBe(201);
    // ...and three come from a spreadsheet.
    const client = importClient(ctx().app, () => ctx().tokens.admin);
    const rows = [1, 2, 3].map(
      (i) => `Imported ${i},Rao,97${String((Date.now() + i) % 1e8).padStart(8, "0")},,Maharashtra,Driver`,
    );
    const csv = `First name,Last name,Phone,Company,State,Service category\n${rows.join("\n")}\n`;
    const staged = (await client.upload("members", csv)).json().data;
    const committed = await client.commit(staged.id, { mapping: staged.mapping });
    expect(committed.last.data?.counts).toMatchObject({ new: 3 });
    const marked = await db().select().from(members).where(eq(members.importBatchId, staged.id));
    expect(marked).toHaveLength(3);

    const after = await kpis("today", new Date());
    expect(after.member!.current - before.member!.current).toBe(1);
    expect(after.imported!.current - before.imported!.current).toBe(3);
    expect(after.imported!.label).toBe("Imported");
    expect(after.member!.label).toBe("New members");
  });
});
