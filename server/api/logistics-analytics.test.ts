import { beforeAll, describe, expect, it } from "vitest";
import { contactRequests, crmLeads, loads } from "#db/schema/index.ts";
import { changePercent, periodRanges } from "#domain/logistics/analytics.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";
import { buySellBody, loadBody, memberBody, truckBody } from "#tests/support/logistics-bodies.ts";

const { ctx, call } = logisticsTestAppPerFile();
let phone = "";
beforeAll(async () => {
  phone = (await call("POST", "/api/members", memberBody({ first_name: "Kiran", last_name: "Rao" }))).json()
    .data.phone;
});
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("period arithmetic", () => {
  it("compares today with yesterday, 7 days with the 7 before, month-to-date with the same days of last month", () => {
    expect(periodRanges("today", "2025-03-10")).toEqual({
      current: { from: "2025-03-10", to: "2025-03-10" },
      previous: { from: "2025-03-09", to: "2025-03-09" },
    });
    expect(periodRanges("last_7_days", "2025-03-10")).toEqual({
      current: { from: "2025-03-04", to: "2025-03-10" },
      previous: { from: "2025-02-25", to: "2025-03-03" },
    });
    expect(periodRanges("this_month", "2025-03-10")).toEqual({
      current: { from: "2025-03-01", to: "2025-03-10" },
      previous: { from: "2025-02-01", to: "2025-02-10" },
    });
    expect(periodRanges("this_month", "2025-03-31").previous).toEqual({
      from: "2025-02-01",
      to: "2025-02-28",
    });
    expect(periodRanges("this_month", "2025-01-15").previous).toEqual({
      from: "2024-12-01",
      to: "2024-12-15",
    });
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(3, 0)).toBeNull();
  });
});

describe("like-with-like comparison", () => {
  // 10 March 2026, 12:00 in India: the day is half gone.
  const now = new Date("2026-03-10T12:00:00+05:30");
  const at = (india: string) => new Date(`${india}+05:30`);
  beforeAll(async () => {
    const db = ctx().app.database.db;
    const enquiry = (createdAt: Date) => ({
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      message: "About a GCC",
      createdAt,
    });
    const lead = (createdAt: Date) => ({ name: "Lead", contactNo: "+919800000001", createdAt });
    const moments = [
      "2026-03-10T10:00:00", // today, before now
      "2026-03-09T11:00:00", // yesterday, before the same time of day
      "2026-03-09T13:00:00", // yesterday, after it: not comparable yet
      "2026-03-03T09:00:00", // 7 days before, before the same time
      "2026-03-03T18:00:00", // 7 days before, after it
      "2026-02-10T11:00:00", // the same day last month, before the same time
      "2026-02-10T20:00:00", // the same day last month, after it
    ].map(at);
    await db.insert(contactRequests).values(moments.map(enquiry));
    await db.insert(crmLeads).values(moments.slice(0, 3).map(lead));
  });
  const kpi = async (period: "today" | "last_7_days" | "this_month", key: string) => {
    const data = await ctx().app.services.logistics.analytics.overall(period, now);
    return { data, kpi: data.kpis.find((k) => k.key === key)! };
  };

  it("counts yesterday only up to the time it is now, and says up to when", async () => {
    const { data, kpi: enquiries } = await kpi("today", "enquiry");
    expect(enquiries).toMatchObject({ label: "Website enquiries", current: 1, previous: 1, change_pct: 0 });
    expect(data.previous_until).toBe(at("2026-03-09T12:00:00").toISOString());
    const { kpi: leads } = await kpi("today", "lead");
    expect(leads).toMatchObject({ label: "CRM leads", current: 1, previous: 1, change_pct: 0 });
  });

  it("cuts the 7 days before and the same days last month at the same time of their last day", async () => {
    // Current week 4..10 March: today's one; before it 25 Feb..3 March: 3 March 09:00 only.
    const week = await kpi("last_7_days", "enquiry");
    expect(week.kpi).toMatchObject({ current: 3, previous: 1 });
    expect(week.data.previous_until).toBe(at("2026-03-03T12:00:00").toISOString());
    // 1..10 March against 1..10 February up to 12:00 on the 10th.
    const month = await kpi("this_month", "enquiry");
    expect(month.kpi).toMatchObject({ current: 5, previous: 1 });
    expect(month.data.previous_until).toBe(at("2026-02-10T12:00:00").toISOString());
  });
});

describe("analytics API", () => {
  it("counts today's records in KPI tiles with the change versus yesterday, and charts hourly", async () => {
    await call("POST", "/api/loads", loadBody(phone));
    await call("POST", "/api/loads", loadBody(phone));
    const yesterday = new Date(Date.now() - 86_400_000);
    await ctx()
      .app.database.db.insert(loads)
      .values({ ...dbLoad(), createdAt: yesterday });
    const res = await call("GET", "/api/analytics/overall");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.period).toBe("today");
    expect(data.current).toEqual({ from: today(), to: today() });
    const load = data.kpis.find((k: { key: string }) => k.key === "load");
    expect(load).toMatchObject({ current: 2, previous: 1, change_pct: 100 });
    expect(data.kpis.find((k: { key: string }) => k.key === "member").current).toBe(1);
    expect(data.chart).toHaveLength(24);
    expect(data.chart.reduce((sum: number, p: { load: number }) => sum + p.load, 0)).toBe(2);
    const week = (await call("GET", "/api/analytics/overall?period=last_7_days")).json().data;
    expect(week.chart).toHaveLength(7);
    expect(week.kpis.find((k: { key: string }) => k.key === "load").current).toBe(3);
    expect((await call("GET", "/api/analytics/overall?period=forever")).statusCode).toBe(400);
  });

  it("charts one entity per day over from_date..to_date and pages its table with the spec's columns", async () => {
    await call("POST", "/api/trucks", truckBody(phone));
    await call("POST", "/api/buy_sell", buySellBody(phone));
    const from = shift(today(), -6);
    const res = (await call("GET", `/api/analytics/load?from_date=${from}&to_date=${today()}`)).json();
    expect(res.chart_data).toHaveLength(7);
    expect(res.chart_data.at(-1)).toEqual({ date: today(), count: 2 });
    expect(res.total_no_of_data).toBe(3);
    expect(Object.keys(res.load_data[0])).toEqual([
      "id",
      "created_at",
      "date",
      "phone_number",
      "name",
      "company_name",
      "from",
      "to",
      "material",
    ]);
    const defaults = (await call("GET", "/api/analytics/truck")).json();
    expect(defaults).toMatchObject({ from_date: today(), to_date: today(), total_no_of_data: 1 });
    expect(defaults.truck_data[0]).toMatchObject({ vehicle_number: "MH12AB1234", name: "Ravi Kumar" });
    const bs = (await call("GET", "/api/analytics/buy_sell")).json().buy_sell_data[0];
    expect(bs).toMatchObject({
      name: "Kiran Rao",
      owner_name: "Ravi Kumar",
      kms_driven: 245000,
      price: 1850000,
      location: "Nashik",
    });
  });

  it("exports exactly the filtered rows with the spec's headings", async () => {
    const csv = await call("GET", `/api/analytics/load/export.csv?from_date=${today()}&to_date=${today()}`);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Date,Phone number,Name,Company name,From,To,Material");
    expect(lines).toHaveLength(3);
    const bs = await call("GET", "/api/analytics/buy_sell/export.csv");
    expect(bs.body.trim().split("\r\n")[0]).toBe(
      "Date,Phone number,Name,Kms driven,location,Owner name,Vehicle number,Price",
    );
  });

  it("refuses malformed dates, reversed and over-long ranges, and unknown entities", async () => {
    for (const q of [
      "from_date=2025-02-30",
      "to_date=yesterday",
      "from_date=2025-03-10&to_date=2025-03-01",
      "from_date=2020-01-01&to_date=2025-01-01",
      "page_size=7",
    ]) {
      const res = await call("GET", `/api/analytics/load?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await call("GET", "/api/analytics/rocket")).statusCode).toBe(400);
    expect((await call("GET", "/api/analytics/overall", undefined, "editor")).statusCode).toBe(403);
  });

  it("applies the 366-day limit after the defaults are filled: one date alone cannot open a huge range", async () => {
    // Without to_date the range ends today, without from_date it is the one day; either way at most 366 days.
    const alone = "from_date: Choose a range of at most 366 days (without to_date the range ends today)";
    for (const [q, message] of [
      ["from_date=1900-01-01", alone],
      ["from_date=2000-01-01", alone],
      [`from_date=${shift(today(), -366)}`, alone],
      [
        `to_date=${shift(today(), 400)}&from_date=${shift(today(), 10)}`,
        "to_date: Choose a range of at most 366 days",
      ],
    ]) {
      for (const path of ["/api/analytics/load", "/api/analytics/driver/export.csv"]) {
        const res = await call("GET", `${path}?${q}`);
        expect(res.statusCode, `${path}?${q}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    // The longest range allowed, by from_date alone: 366 days ending today.
    const longest = await call("GET", `/api/analytics/load?from_date=${shift(today(), -365)}`);
    expect(longest.statusCode).toBe(200);
    expect(longest.json()).toMatchObject({ from_date: shift(today(), -365), to_date: today() });
    expect(longest.json().chart_data).toHaveLength(366);
    // A from_date in the future alone is that one day.
    const future = (await call("GET", `/api/analytics/load?from_date=${shift(today(), 30)}`)).json();
    expect(future.chart_data).toHaveLength(1);
  });
});

function dbLoad() {
  const b = loadBody(phone);
  return {
    contactNo: `+91${phone.replace(/^\+91/, "")}`,
    fromCity: b.from_city,
    fromState: b.from_state,
    toCity: b.to_city,
    toState: b.to_state,
    material: b.material,
    weightTons: b.weight_tons,
    bodyType: b.body_type,
    tyres: b.tyres,
    tonnageBand: b.tonnage_band,
    pickupDate: b.pickup_date,
  };
}
