import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createJob, daysAgo } from "#tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: "https://www.example.com" });
  await t.app.services.settings.update({
    ...(await t.app.services.settings.get()),
    hr_email: "careers@example.org",
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(jobs);
});

const db = () => t.app.database.db;
const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/post_jobs/", () => {
  it("answers open jobs newest first with sanitised HTML and an escaped requirements list", async () => {
    const older = await createJob(db(), { jobTitle: "Older", createdAt: daysAgo(9) });
    const newer = await createJob(db(), {
      jobTitle: "Data Engineer",
      company: "Northwind",
      location: "Hyderabad",
      salary: "18,00,000 - 26,00,000 per annum",
      jobDescription: '<p>Build pipelines</p><script>alert(1)</script><a href="javascript:x()">go</a>',
      requirements: ["SQL & Python", "<b>Spark</b>"],
      createdAt: daysAgo(1),
    });
    await createJob(db(), { jobTitle: "Closed", status: "closed" });
    await createJob(db(), { jobTitle: "Expired", validThrough: daysAgo(1) });

    const res = await get("/api/post_jobs/");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        job_title: "Data Engineer",
        company: "Northwind",
        location: "Hyderabad",
        salary: "18,00,000 - 26,00,000 per annum",
        job_description: "<p>Build pipelines</p><a>go</a>",
        requirements: "<ul><li>SQL &amp; Python</li><li>&lt;b&gt;Spark&lt;/b&gt;</li></ul>",
        created_at: newer.createdAt.toISOString(),
      },
      expect.objectContaining({ id: older.id, job_title: "Older" }),
    ]);
  });

  it("answers an empty requirements string when none are stored", async () => {
    await createJob(db(), { requirements: [] });
    expect((await get("/api/post_jobs")).json()[0].requirements).toBe("");
  });
});

describe("GET /jobs/{jobId}", () => {
  it("answers the detail shape with a mailto: to the HR address when no apply link is stored", async () => {
    const job = await createJob(db(), {
      jobTitle: "QA Engineer",
      company: "Contoso",
      location: "Pune",
      employmentType: "CONTRACTOR",
      jobDescription: "<p>Test things</p><iframe src=x></iframe>",
      responsibilities: ["Automate tests", "Review code"],
      requirements: ["Playwright"],
      createdAt: new Date("2026-02-03T04:05:06Z"),
    });
    const res = await get(`/jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: "QA Engineer",
      location: "Pune",
      type: "Contract",
      description: "<p>Test things</p>",
      responsibilities: ["Automate tests", "Review code"],
      requirements: ["Playwright"],
      postedDate: "2026-02-03T04:05:06.000Z",
      applyLink: expect.stringMatching(/^mailto:careers@example\.org\?subject=/),
    });
    const link = new URL(res.json().applyLink);
    expect(link.searchParams.get("subject")).toBe("Application for QA Engineer at Contoso");
  });

  it("prefers the stored apply link", async () => {
    const job = await createJob(db(), { applyLink: "https://jobs.example.com/apply/7" });
    expect((await get(`/jobs/${job.id}`)).json().applyLink).toBe("https://jobs.example.com/apply/7");
  });

  it("answers 404 JSON for unknown, closed and expired jobs", async () => {
    const closed = await createJob(db(), { status: "closed" });
    const expired = await createJob(db(), { validThrough: daysAgo(1) });
    for (const id of [closed.id, expired.id, 999_999]) {
      const res = await get(`/jobs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Job not found", data: [] });
    }
  });

  it.each(["12abc", "-1", "1.5", "0", "012", "99999999999"])("refuses the jobId %j with 400", async (id) => {
    await createJob(db());
    const res = await get(`/jobs/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("jobId: jobId must be a positive whole number");
  });

  it("puts open jobs, and only those, in the sitemap", async () => {
    const open = await createJob(db(), { updatedAt: new Date("2026-05-06T07:08:09Z") });
    const closed = await createJob(db(), { status: "closed" });
    const body = (await get("/sitemap.xml")).body;
    expect(body).toContain(
      `<loc>https://www.example.com/careers-details?jobId=${open.id}</loc><lastmod>2026-05-06T07:08:09.000Z</lastmod>`,
    );
    expect(body).not.toContain(`jobId=${closed.id}<`);
  });
});
