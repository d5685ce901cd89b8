import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { jobApplicationSubmissions, jobApplications, mailOutbox } from "#db/schema/index.ts";
import { VISITOR_MAILS_PER_RECIPIENT } from "#domain/notifications/outbox.ts";
import { applicationFields, applicationsTestFile, postApplication } from "#tests/support/applications.ts";
import { samplePdf } from "#tests/support/cv-files.ts";
import { createJob } from "#tests/support/factories.ts";
import { itWith } from "#tests/support/services.ts";
import { exportedApplication } from "#tests/support/zip.ts";

/**
 * Someone who knows a candidate's e-mail address applies with it again: nothing of the application changes,
 * the public answer is the one a first application gets, and no address receives more than a few mails.
 */
const t = applicationsTestFile();

const db = () => t.app.database.db;
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const apply = (jobId: number, cv: string, change: Record<string, string> = {}) =>
  postApplication(t.app, jobId, { name: `${cv}.pdf`, data: samplePdf(cv) }, change);
const applications = () => db().select().from(jobApplications).orderBy(jobApplications.id);
const mailsTo = async (address: string) =>
  (await db().select().from(mailOutbox).orderBy(mailOutbox.id)).filter(
    (m) => m.recipient.toLowerCase() === address.toLowerCase(),
  );
const detail = async (id: number) =>
  (await t.app.inject({ url: `/api/job_applications/${id}`, headers: as(t.editor) })).json().data;
/** Moves every application and mail a day and an hour into the past, as if the next post came a day later. */
const aDayLater = async () => {
  await db().execute(sql`update mail_outbox set created_at = created_at - interval '25 hours'`);
  await db().execute(
    sql`update job_applications set created_at = created_at - interval '25 hours', updated_at = updated_at - interval '25 hours'`,
  );
};
const candidate = applicationFields.email;

describe("applying again with an address that already applied", () => {
  it("changes nothing of the application, even at Interview; what was sent is kept beside it, both CVs downloadable", async () => {
    const job = await createJob(db(), { jobTitle: "Payroll Lead" });
    expect(
      (
        await apply(job.id, "original", {
          profile_url: "https://www.linkedin.com/in/meera",
          notice_period: "30 days",
        })
      ).statusCode,
    ).toBe(201);
    const [first] = await applications();
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${first!.id}/stage`,
      headers: as(t.editor),
      payload: { stage: "interview" },
    });
    expect(moved.statusCode).toBe(200);

    const again = await apply(job.id, "replacement", {
      email: "MEERA.IYER@Example.com",
      first_name: "Mallory",
      phone: "+44 20 7946 0958",
      cover_note: "Please withdraw me.",
      profile_url: "https://attacker.example/me",
    });
    expect(again.statusCode).toBe(201);

    const rows = await applications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Meera",
      email: candidate,
      phone: "+919876543210",
      coverNote: applicationFields.cover_note,
      profileUrl: "https://www.linkedin.com/in/meera",
      noticePeriod: "30 days",
      cvFileName: "original.pdf",
      stage: "interview",
      resubmissions: 1,
    });
    expect(rows[0]!.cvBytes!.equals(samplePdf("original"))).toBe(true);

    const shown = await detail(first!.id);
    expect(shown.submissions).toEqual([
      expect.objectContaining({
        first_name: "Mallory",
        last_name: "Iyer",
        email: "MEERA.IYER@Example.com",
        phone: "+442079460958",
        cover_note: "Please withdraw me.",
        profile_url: "https://attacker.example/me",
        cv_file_name: "replacement.pdf",
        stage_then: "interview",
      }),
    ]);
    const original = await t.app.inject({
      url: `/api/job_applications/${first!.id}/cv`,
      headers: as(t.editor),
    });
    expect(original.rawPayload.equals(samplePdf("original"))).toBe(true);
    const later = await t.app.inject({
      url: `/api/job_applications/${first!.id}/submissions/${shown.submissions[0].id}/cv`,
      headers: as(t.editor),
    });
    expect(later.statusCode).toBe(200);
    expect(later.headers["content-disposition"]).toContain('filename="replacement.pdf"');
    expect(later.headers["content-security-policy"]).toBe("sandbox");
    expect(later.rawPayload.equals(samplePdf("replacement"))).toBe(true);
    // A submission is read only through its own application, and only by the hiring team.
    const other = await t.app.inject({
      url: `/api/job_applications/${first!.id + 1}/submissions/${shown.submissions[0].id}/cv`,
      headers: as(t.editor),
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      url: `/api/job_applications/${first!.id}/submissions/${shown.submissions[0].id}/cv`,
    });
    expect(anonymous.statusCode).toBe(401);

    // The hiring team is told it was sent again and that the application was left as it was.
    const hr = await mailsTo("hr@example.com");
    expect(hr.at(-1)!.subject).toBe("Sent again: Payroll Lead from Mallory Iyer");
    expect(hr.at(-1)!.text).toContain("Nothing in the application was changed");
  });

  it("answers a first and a repeat application alike: the JSON, the no-JS redirect and the confirmation's subject", async () => {
    const job = await createJob(db(), { jobTitle: "Analyst" });
    const first = await apply(job.id, "a");
    const stranger = await apply(job.id, "b", { email: "ravi@example.com" });
    const repeat = await apply(job.id, "c", { email: "Meera.Iyer@example.com" });
    expect(repeat.statusCode).toBe(first.statusCode);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.json()).toEqual(stranger.json());
    expect(repeat.json()).toEqual({
      success: true,
      message: "Thank you! We have received your application.",
      data: { redirect: `/careers-details/applied?jobId=${job.id}` },
    });
    expect(repeat.body).not.toMatch(/already|updated/i);

    // A day later the candidate is mailed again, under the subject a first application's mail has.
    await aDayLater();
    expect((await apply(job.id, "f")).statusCode).toBe(201);
    const confirmations = await mailsTo(candidate);
    expect(confirmations.map((m) => m.subject)).toEqual([
      "We received your application: Analyst",
      "We received your application: Analyst",
    ]);
    expect(confirmations[1]!.text).toContain(
      "We have kept your application as it was and added what you just sent beside it",
    );
    expect(confirmations[1]!.text).toContain("If you did not send it, reply to this e-mail");
  });

  it("an honest re-send that leaves fields empty wipes none of them", async () => {
    const job = await createJob(db());
    await apply(job.id, "full", {
      profile_url: "https://www.linkedin.com/in/meera",
      notice_period: "60 days",
      keep_cv: "on",
    });
    await apply(job.id, "again", { profile_url: "", notice_period: "", city: "", cover_note: "" });
    const [row] = await applications();
    expect(row).toMatchObject({
      profileUrl: "https://www.linkedin.com/in/meera",
      noticePeriod: "60 days",
      city: "Pune",
      coverNote: applicationFields.cover_note,
      keepForFuture: true,
      cvFileName: "full.pdf",
    });
    expect((await detail(row!.id)).submissions[0]).toMatchObject({ city: "", cv_file_name: "again.pdf" });
  });

  it("after a rejection: the application stays rejected and unchanged, the candidate's mail says what happens, the team is told", async () => {
    const job = await createJob(db(), { jobTitle: "Recruiter" });
    await apply(job.id, "first");
    const [row] = await applications();
    await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${row!.id}/stage`,
      headers: as(t.editor),
      payload: { stage: "rejected", reason: "not_a_fit" },
    });
    await aDayLater();
    const again = await apply(job.id, "second", { cover_note: "I now have the certification." });
    expect(again.json().message).toBe("Thank you! We have received your application.");
    const [after] = await applications();
    expect(after).toMatchObject({ stage: "rejected", rejectReason: "not_a_fit", cvFileName: "first.pdf" });
    const mail = (await mailsTo(candidate)).at(-1)!;
    expect(mail.subject).toBe("We received your application: Recruiter");
    expect(mail.text).toContain("Dear Meera,");
    expect(mail.text).toContain(
      "We decided earlier not to take your application for Recruiter further. We have added what you just sent to it, and the hiring team will look at it; they will contact you if they reconsider.",
    );
    const hr = (await mailsTo("hr@example.com")).at(-1)!;
    expect(hr.subject).toBe("Sent again after a rejection: Recruiter from Meera Iyer");
    expect((await detail(row!.id)).submissions[0]).toMatchObject({
      stage_then: "rejected",
      cover_note: "I now have the certification.",
    });
  });

  it("the data export includes the later submissions; erasing the application erases them and their CVs", async () => {
    const job = await createJob(db());
    await apply(job.id, "one");
    await apply(job.id, "two", { phone: "+44 20 7946 0958" });
    const [row] = await applications();
    const exported = await t.app.inject({
      url: `/api/job_applications/${row!.id}/export`,
      headers: as(t.admin),
    });
    expect(exportedApplication(exported.rawPayload).submissions).toEqual([
      expect.objectContaining({ phone: "+442079460958", cv_file_name: "two.pdf" }),
    ]);
    const sid = exportedApplication(exported.rawPayload).submissions[0]!.id;
    const erased = await t.app.inject({
      method: "DELETE",
      url: `/api/job_applications/${row!.id}/personal_data`,
      headers: as(t.admin),
    });
    expect(erased.statusCode).toBe(200);
    expect((await detail(row!.id)).submissions).toEqual([]);
    const cv = await t.app.inject({
      url: `/api/job_applications/${row!.id}/submissions/${sid}/cv`,
      headers: as(t.editor),
    });
    expect(cv.statusCode).toBe(404);
    expect(await db().$count(jobApplicationSubmissions)).toBe(0);
  });
});

describe("mail a visitor can cause", () => {
  it("confirms at most once per address and job a day; every post is still stored and the team told of each", async () => {
    const job = await createJob(db());
    for (const email of [candidate, "MEERA.IYER@EXAMPLE.COM", "Meera.Iyer@example.com"])
      expect((await apply(job.id, "cv", { email })).statusCode).toBe(201);
    expect(await mailsTo(candidate)).toHaveLength(1);
    const [row] = await applications();
    expect((await detail(row!.id)).submissions).toHaveLength(2);
    expect(await mailsTo("hr@example.com")).toHaveLength(3);
  });

  it(`sends one address at most ${VISITOR_MAILS_PER_RECIPIENT} mails a day whatever the jobs; the applications are all stored`, async () => {
    const jobs = await Promise.all(
      Array.from({ length: VISITOR_MAILS_PER_RECIPIENT + 3 }, () => createJob(db())),
    );
    for (const [i, job] of jobs.entries()) {
      const email = i % 2 ? "VICTIM@example.com" : "victim@EXAMPLE.com";
      expect((await apply(job.id, "cv", { email })).statusCode).toBe(201);
    }
    expect(await applications()).toHaveLength(jobs.length);
    expect(await mailsTo("victim@example.com")).toHaveLength(VISITOR_MAILS_PER_RECIPIENT);
    expect(await mailsTo("hr@example.com")).toHaveLength(jobs.length);
    // Another address is counted on its own.
    expect((await apply(jobs[0]!.id, "cv", { email: "someone.else@example.com" })).statusCode).toBe(201);
    expect(await mailsTo("someone.else@example.com")).toHaveLength(1);
    // A day later the address may be mailed again.
    await aDayLater();
    await apply(jobs[0]!.id, "cv", { email: "victim@example.com" });
    expect(await mailsTo("victim@example.com")).toHaveLength(VISITOR_MAILS_PER_RECIPIENT + 1);
  });

  it("refuses a name with a link or a line break, naming the field, and stores and mails nothing", async () => {
    const job = await createJob(db());
    for (const [field, value] of [
      ["first_name", "WIN a FREE iPhone: http://evil.example/claim"],
      ["first_name", "Meera\r\n\r\nClaim your prize now"],
      ["first_name", "visit evil.example/claim"],
      ["last_name", "Iyer www.evil.example"],
      ["last_name", "Iyer\u2028Second line"],
    ] as const) {
      const res = await apply(job.id, "cv", { [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().errors[field]).toMatch(/one line, without web or e-mail addresses/);
    }
    expect(await applications()).toHaveLength(0);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);
    // Names as people write them still pass.
    const names = [
      ["Anne-Marie", "O'Brien"],
      ["J. R.", "D'Souza"],
      ["Dr. Meera", "Iyer Jr."],
      ["Çelik", "Müller-Lüdenscheidt"],
    ] as const;
    for (const [i, [first, last]] of names.entries()) {
      const res = await apply(job.id, "cv", {
        first_name: first,
        last_name: last,
        email: `person${i}@example.com`,
      });
      expect(res.statusCode, `${first} ${last}`).toBe(201);
    }
    expect((await applications()).find((r) => r.lastName === "O'Brien")!.firstName).toBe("Anne-Marie");
  });
});

describe("a repeat racing the erasure of the application", () => {
  itWith(
    "TEST_DATABASE_URL",
    "waits for the erasure, then starts a new application: nothing joins the erased one",
    async () => {
      const job = await createJob(db());
      await apply(job.id, "first");
      const [row] = await applications();
      let repeat: Promise<LightMyRequestResponse> | undefined;
      // What an erasure does (anonymiseWhere), held open while the repeat is sent.
      await db().transaction(async (tx) => {
        await tx
          .update(jobApplications)
          .set({ firstName: "", email: "", cvBytes: null, anonymisedAt: new Date() })
          .where(eq(jobApplications.id, row!.id));
        await tx
          .delete(jobApplicationSubmissions)
          .where(eq(jobApplicationSubmissions.applicationId, row!.id));
        repeat = apply(job.id, "second", { first_name: "Later" });
        await expect
          .poll(
            () =>
              db().$count(
                sql`pg_stat_activity`,
                sql`datname = current_database() and wait_event_type = 'Lock'`,
              ),
            { timeout: 10_000 },
          )
          .toBe(1);
      });
      expect((await repeat!).statusCode).toBe(201);
      const rows = await applications();
      expect(rows.map((r) => [r.firstName, r.anonymisedAt !== null])).toEqual([
        ["", true],
        ["Later", false],
      ]);
      expect(await db().$count(jobApplicationSubmissions)).toBe(0);
    },
  );
});
