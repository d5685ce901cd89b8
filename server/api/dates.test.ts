import { describe, expect, it } from "vitest";
import { jobs } from "#db/schema/index.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";
import { loadBody, memberBody } from "#tests/support/logistics-bodies.ts";

/**
 * Every date a request can carry is a real calendar date inside the range we keep (years 1900-9999), read
 * strictly: out-of-range years used to reach PostgreSQL and answer 500, and "2026-02-30" or `true` were
 * coerced into some other date. Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const { ctx, call } = logisticsTestAppPerFile();

const job = (valid_through: unknown) => ({
  job_title: "Payroll lead",
  company: "GCC View 360",
  location: "Pune",
  valid_through,
});

describe("job valid_through", () => {
  it.each([
    ["0000-01-01", /year from 1900 to 9999/],
    ["+275760-09-13", /like 2026-03-31/],
    ["1899-12-31", /year from 1900 to 9999/],
    ["10000-01-01", /like 2026-03-31/],
    ["2026-02-30", /real calendar date/],
    ["2026-13-01", /real calendar date/],
    [true, /like 2026-03-31/],
    [0, /like 2026-03-31/],
    [1_800_000_000_000, /like 2026-03-31/],
    ["tomorrow", /like 2026-03-31/],
    ["2026-03-31T25:00:00Z", /like 2026-03-31/],
    // In a zone, the instant is in another year than the text: the service's own check refused it with a 500.
    ["1900-01-01T00:00:00+05:30", /year from 1900 to 9999/],
    ["9999-12-31T23:00:00-05:00", /year from 1900 to 9999/],
  ])("refuses %j with 400 and a message naming the field", async (value, message) => {
    const before = await ctx().app.database.db.$count(jobs);
    const res = await call("POST", "/api/jobs", job(value));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^valid_through: /);
    expect(res.json().message).toMatch(message);
    expect(await ctx().app.database.db.$count(jobs)).toBe(before);
  });

  it("accepts a calendar date, a full ISO timestamp and no date", async () => {
    const date = await call("POST", "/api/jobs", job("2030-03-31"));
    expect(date.statusCode, date.body).toBe(201);
    expect(date.json().data.valid_through).toBe("2030-03-31T00:00:00.000Z");
    const stamp = await call("POST", "/api/jobs", job("2030-03-31T18:30:00+05:30"));
    expect(stamp.statusCode, stamp.body).toBe(201);
    expect(stamp.json().data.valid_through).toBe("2030-03-31T13:00:00.000Z");
    for (const none of [null, undefined, ""]) {
      const res = await call("POST", "/api/jobs", job(none));
      expect(res.statusCode, String(none)).toBe(201);
      expect(res.json().data.valid_through).toBeNull();
    }
  });
});

describe("a blog post's publication date", () => {
  it.each(["1900-01-01T00:00:00+05:30", "9999-12-31T23:00:00-05:00"])(
    "refuses %j, an instant outside the years kept, with 400",
    async (published_at) => {
      const res = await call("POST", "/api/blog", { heading: "Dated", status: "published", published_at });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        "published_at: Publication date must be a date with a year from 1900 to 9999",
      );
    },
  );

  it("asks for a date or a time in words that read", async () => {
    const res = await call("POST", "/api/blog", { heading: "Dated", published_at: "2026-12-01T09:30" });
    expect(res.json().message).toBe(
      "published_at: Publication date must be a date like 2026-03-31 (or an ISO timestamp such as 2026-03-31T09:30:00+05:30)",
    );
  });
});

describe("list and analytics date filters", () => {
  const years = /must be a date with a year from 1900 to 9999$/;
  it.each([
    ["/api/members?created_from=0000-01-01", years],
    ["/api/members?created_to=%2B275760-09-13", /must be a date like 2025-01-31$/],
    ["/api/members?created_from=1899-12-31", years],
    ["/api/members?created_to=2026-02-30", /must be a real calendar date$/],
    ["/api/trucks?created_from=0001-01-01", years],
    ["/api/feedback?created_to=0000-12-31", years],
    ["/api/analytics/load?from_date=0001-01-01", years],
    ["/api/analytics/load?from_date=0000-01-01&to_date=0000-12-31", years],
    ["/api/analytics/truck?to_date=0001-01-01", years],
    ["/api/analytics/load/export.csv?from_date=0001-01-01&to_date=0001-01-02", years],
  ])("refuses %s with 400", async (url, message) => {
    const res = await call("GET", url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it("refuses an out-of-range pickup or follow-up date on a write", async () => {
    const phone = (await call("POST", "/api/members", memberBody())).json().data.phone;
    const load = await call("POST", "/api/loads", loadBody(phone, { pickup_date: "0000-01-01" }));
    expect(load.statusCode, load.body).toBe(400);
    const lead = await call("POST", "/api/crm/leads", {
      name: "Asha",
      contact_no: phone,
      status: "HOT",
      follow_up_date: "0000-01-01",
    });
    expect(lead.statusCode, lead.body).toBe(400);
  });

  it("still filters by dates inside the range", async () => {
    expect((await call("GET", "/api/members?created_from=1900-01-01&created_to=9999-12-31")).statusCode).toBe(
      200,
    );
    expect(
      (await call("GET", "/api/analytics/load?from_date=2025-01-01&to_date=2025-12-31")).statusCode,
    ).toBe(200);
  });
});
