import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobApplicationSubmissions, jobApplications, jobs, mailOutbox } from "#db/schema/index.ts";
import { createTestApp } from "#tests/support/app.ts";
import { executable, samplePdf } from "#tests/support/cv-files.ts";
import { applicationsTestFile, postApplication } from "#tests/support/applications.ts";
import { createJob } from "#tests/support/factories.ts";

/** The general application: a CV for no particular job, taken like a job's and found in Applications. */
const t = applicationsTestFile();

const cv = { name: "Arun CV.pdf", data: samplePdf() };
const apply = (change: Record<string, string> = {}, file: typeof cv | null = cv, address = "127.0.0.1") =>
  postApplication(t.app, null, file, change, address);
const stored = () => t.app.database.db.select().from(jobApplications).orderBy(jobApplications.id);
const outbox = () => t.app.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe("POST /api/general_applications", () => {
  it("stores the application without a job, marked general, and queues both mails", async () => {
    const res = await apply();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ redirect: "/careers-details/applied?general=1" });
    const [row] = await stored();
    expect(row).toMatchObject({
      jobId: null,
      general: true,
      email: "meera.iyer@example.com",
      phone: "+919876543210",
      cvFileName: "Arun CV.pdf",
      stage: "new",
    });
    const mails = await outbox();
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      ["meera.iyer@example.com", "We received your application: General application"],
      ["hr@example.com", "New application: General application from Meera Iyer"],
    ]);
    expect(mails[0]!.text).toContain("Thank you for your general application to GCC View 360.");
    expect(mails[0]!.text).toContain("will contact you when an opening matches your profile");
    expect(mails[1]!.text).toContain("Job: none, a general application");
    expect(mails[1]!.text).toContain(`/dashboard/applications?open=${row!.id}`);
  });

  it("checks it as a job's: every missing field and the CV named, a CV that is none, the honeypot", async () => {
    const missing = await apply({ first_name: "", email: "nope", consent_processing: "" }, null);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      "consent_processing",
      "cv",
      "email",
      "first_name",
    ]);
    const program = await apply({}, { name: "cv.pdf", data: executable() });
    expect(program.statusCode).toBe(400);
    expect(program.json().errors.cv).toBe("Upload your CV as a PDF or Word (.docx) document.");
    expect((await apply({ url_hp: "http://spam.example" })).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("the same address again is kept beside the first (one confirmation a day), apart from its job applications", async () => {
    const job = await createJob(t.app.database.db, { jobTitle: "Analyst" });
    expect((await apply()).statusCode).toBe(201);
    expect((await apply({ email: "MEERA.IYER@example.com", city: "Chennai" })).statusCode).toBe(201);
    expect((await postApplication(t.app, job.id, cv)).statusCode).toBe(201);
    const rows = await stored();
    expect(rows.map((r) => [r.general, r.jobId, r.resubmissions])).toEqual([
      [true, null, 1],
      [false, job.id, 0],
    ]);
    const [again] = await t.app.database.db
      .select()
      .from(jobApplicationSubmissions)
      .where(eq(jobApplicationSubmissions.applicationId, rows[0]!.id));
    expect(again).toMatchObject({ city: "Chennai" });
    expect((await outbox()).map((m) => m.subject)).toEqual([
      "We received your application: General application",
      "New application: General application from Meera Iyer",
      "Sent again: General application from Meera Iyer",
      "We received your application: Analyst",
      "New application: Analyst from Meera Iyer",
    ]);
  });

  it("counts against the applications' limit per address, with the jobs' applications", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const job = await createJob(limited.app.database.db);
      const post = (jobId: number | null, n: number) =>
        postApplication(limited.app, jobId, cv, { email: `c${n}@example.com` }, "10.41.0.1");
      expect((await post(job.id, 1)).statusCode).toBe(201);
      expect((await post(null, 2)).statusCode).toBe(201);
      expect((await post(null, 3)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("general applications in the console", () => {
  it("are listed with general: true, filtered by ?general=, and exported as General application", async () => {
    const job = await createJob(t.app.database.db, { jobTitle: "Analyst" });
    await apply();
    await postApplication(t.app, job.id, cv, { email: "ravi@example.com" });
    // A deleted job's application has no job either, and is no general application.
    const gone = await createJob(t.app.database.db, { jobTitle: "Gone" });
    await postApplication(t.app, gone.id, cv, { email: "old@example.com" });
    await t.app.database.db.delete(jobs).where(eq(jobs.id, gone.id));

    const list = await t.app.inject({ url: "/api/job_applications?general=true", headers: as(t.editor) });
    expect(list.statusCode).toBe(200);
    expect(list.json().applications_data).toEqual([
      expect.objectContaining({
        general: true,
        job_id: null,
        job_title: null,
        email: "meera.iyer@example.com",
      }),
    ]);
    const others = await t.app.inject({ url: "/api/job_applications?general=false", headers: as(t.editor) });
    expect(others.json().total_no_of_data).toBe(2);
    expect(
      (await t.app.inject({ url: "/api/job_applications?general=yes", headers: as(t.editor) })).statusCode,
    ).toBe(400);
    const csv = await t.app.inject({ url: "/api/job_applications/export.csv", headers: as(t.editor) });
    expect(csv.body).toContain("General application");
    expect(csv.body).toContain("(deleted job)");
  });
});
