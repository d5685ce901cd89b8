import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createJob, daysAgo } from "#tests/support/factories.ts";
import { createSettingsService } from "../settings/service";
import { createCareersService, type CareersService } from "./service";

let handle: DatabaseHandle;
let careers: CareersService;
const ids = { open: 0, closed: 0, expired: 0 };
beforeAll(async () => {
  handle = await createTestDatabase();
  careers = createCareersService(handle.db, { settings: createSettingsService(handle.db) });
  // 14 open jobs, one a day, newest last; plus a closed and an expired one that never show.
  for (let day = 14; day >= 1; day--)
    await createJob(handle.db, { jobTitle: `Open ${day}`, createdAt: daysAgo(day) });
  ids.open = (
    await createJob(handle.db, {
      jobTitle: "Platform Engineer",
      company: "Northwind",
      location: "Bengaluru",
      salary: "30,00,000 per annum",
      jobDescription: "<p>Build <strong>Retail</strong>   <em>Analytics</em> for R&amp;D &lt;teams&gt;</p>",
      requirements: ["Airflow in production", "100% remote-ready"],
      createdAt: daysAgo(0),
    })
  ).id;
  ids.closed = (await createJob(handle.db, { jobTitle: "Closed Platform role", status: "closed" })).id;
  ids.expired = (
    await createJob(handle.db, { jobTitle: "Expired Platform role", validThrough: daysAgo(1) })
  ).id;
});
afterAll(() => handle.close());

const titles = (page: { jobs: { job_title: string }[] }) => page.jobs.map((j) => j.job_title);

describe("careers.listOpenPage", () => {
  it("pages the open jobs newest first and counts them", async () => {
    const first = await careers.listOpenPage({ page: 1, pageSize: 6 });
    expect(titles(first)).toEqual(["Platform Engineer", "Open 1", "Open 2", "Open 3", "Open 4", "Open 5"]);
    expect(first).toMatchObject({ total: 15, open: 15 });
    const last = await careers.listOpenPage({ page: 3, pageSize: 6 });
    expect(titles(last)).toEqual(["Open 12", "Open 13", "Open 14"]);
    expect((await careers.listOpenPage({ page: 4, pageSize: 6 })).jobs).toEqual([]);
  });

  it.each([
    ["platform ENGINEER", "title, any case"],
    ["northwind", "company"],
    ["bengaluru", "location"],
    ["30,00,000", "salary"],
    ["retail analytics", "description text across tags and spaces"],
    ["R&D <teams>", "description entities decoded"],
    ["AIRFLOW", "requirement lines"],
    ["100%", "a literal percent sign"],
    ["analytics RETAIL", "every word, in any order"],
    ["engineer   northwind airflow", "words from different fields"],
  ])("finds %j (%s) among open jobs only", async (query) => {
    const result = await careers.listOpenPage({ page: 1, pageSize: 6, query });
    expect(titles(result)).toEqual(["Platform Engineer"]);
    expect(result).toMatchObject({ total: 1, open: 15 });
  });

  it("finds nothing when one of the words is missing", async () => {
    expect((await careers.listOpenPage({ page: 1, pageSize: 6, query: "platform quantum" })).total).toBe(0);
  });

  it.each(["strong", "<p>", "%", "_", "Open 1_"])(
    "does not match markup or treat %j as a wildcard",
    async (query) => {
      const result = await careers.listOpenPage({ page: 1, pageSize: 6, query });
      expect(result.total).toBe(query === "%" ? 1 : 0);
    },
  );
});

describe("careers.closedJobTitle", () => {
  it("names a closed or expired job, and nothing for an open or unknown one", async () => {
    expect(await careers.closedJobTitle(ids.closed)).toBe("Closed Platform role");
    expect(await careers.closedJobTitle(ids.expired)).toBe("Expired Platform role");
    expect(await careers.closedJobTitle(ids.open)).toBeNull();
    expect(await careers.closedJobTitle(2_000_000_000)).toBeNull();
  });
});

describe("careers.listOpenPage ranking", () => {
  it("lists jobs whose title matches the search before newer ones that only mention it", async () => {
    await createJob(handle.db, { jobTitle: "Payroll Specialist", createdAt: daysAgo(30) });
    await createJob(handle.db, {
      jobTitle: "Finance Operations Lead",
      jobDescription: "<p>Works closely with the payroll specialist team.</p>",
      createdAt: daysAgo(0),
    });
    const result = await careers.listOpenPage({ page: 1, pageSize: 6, query: "PAYROLL specialist" });
    expect(titles(result)).toEqual(["Payroll Specialist", "Finance Operations Lead"]);
  });
});
