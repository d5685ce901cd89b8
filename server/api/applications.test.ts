import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, jobApplicationNotes, jobApplications, jobs, mailOutbox } from "#db/schema/index.ts";
import { createApplicationService } from "#domain/careers/applications.ts";
import { MAX_CV_BYTES } from "#schemas/cv-limits.ts";
import { MAX_MATCHING } from "#schemas/bulk.ts";
import {
  docxZipBomb,
  executable,
  multipartBody,
  sampleDocm,
  sampleDocx,
  samplePdf,
} from "#tests/support/cv-files.ts";
import { applicationFields, applicationsTestFile, postApplication } from "#tests/support/applications.ts";
import { createActor, createJob, daysAgo } from "#tests/support/factories.ts";
import { strFromU8 } from "fflate";
import { todayInIndia } from "#shared/india-time.ts";
import { exportedApplication, zipEntries } from "#tests/support/zip.ts";

const t = applicationsTestFile();

const fields = applicationFields;

function apply(
  jobId: number,
  file: { name: string; data: Buffer; type?: string } | null,
  change: Record<string, string> = {},
  remoteAddress = "127.0.0.1",
) {
  return postApplication(t.app, jobId, file, change, remoteAddress);
}

/** The same body sent in 64 KB chunks without Content-Length, as a streaming client sends it. */
function applyChunked(jobId: number, file: Buffer, remoteAddress = "127.0.0.1") {
  const { body, contentType } = multipartBody(fields, [
    { field: "cv", name: "cv.pdf", type: "application/pdf", data: file },
  ]);
  const chunks = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
    body.subarray(i * 65_536, (i + 1) * 65_536),
  );
  return t.app.inject({
    method: "POST",
    url: `/api/jobs/${jobId}/applications`,
    headers: { "content-type": contentType, "transfer-encoding": "chunked", accept: "application/json" },
    payload: Readable.from(chunks),
    remoteAddress,
  });
}
const stored = () => t.app.database.db.select().from(jobApplications);
/** Applies, and answers the id of the application stored (the newest: the public answer names none). */
async function applyForId(...args: Parameters<typeof apply>) {
  const res = await apply(...args);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.app.database.db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .orderBy(desc(jobApplications.id))
    .limit(1);
  return row!.id;
}
const outbox = () => t.app.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

describe("POST /api/jobs/:id/applications", () => {
  it("stores a valid PDF application and queues the candidate's confirmation and the hiring notification", async () => {
    const job = await createJob(t.app.database.db, { jobTitle: "Payroll Lead" });
    const res = await apply(job.id, { name: "Meera CV.pdf", data: samplePdf() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ redirect: `/careers-details/applied?jobId=${job.id}` });
    const [row] = await stored();
    expect(row).toMatchObject({
      jobId: job.id,
      email: "meera.iyer@example.com",
      phone: "+919876543210",
      cvFileName: "Meera CV.pdf",
      cvContentType: "application/pdf",
      stage: "new",
      keepForFuture: false,
    });
    expect(row!.cvBytes!.equals(samplePdf())).toBe(true);
    const mails = await outbox();
    expect(mails.map((m) => m.recipient)).toEqual(["meera.iyer@example.com", "hr@example.com"]);
    expect(mails[0]!.subject).toBe("We received your application: Payroll Lead");
    expect(mails[1]!.subject).toBe("New application: Payroll Lead from Meera Iyer");
    // The hiring team opens it from the mail: an absolute address of the console.
    expect(mails[1]!.text).toContain(
      `Open it in the console: ${await t.app.services.publicAddress.url()}/dashboard/applications?open=${row!.id}`,
    );
    expect(await t.app.services.publicAddress.url()).toMatch(/^https?:\/\//);
  });

  it("accepts a Word .docx and an international phone number", async () => {
    const job = await createJob(t.app.database.db);
    const res = await apply(job.id, { name: "cv.docx", data: sampleDocx() }, { phone: "+44 20 7946 0958" });
    expect(res.statusCode).toBe(201);
    const [row] = await stored();
    expect(row).toMatchObject({
      phone: "+442079460958",
      cvContentType: expect.stringContaining("wordprocessingml"),
    });
  });

  it.each([
    [
      "an executable renamed .pdf",
      { name: "cv.pdf", data: executable() },
      400,
      "Upload your CV as a PDF or Word (.docx) document.",
    ],
    [
      "an empty file",
      { name: "cv.pdf", data: Buffer.alloc(0) },
      400,
      "The CV file is empty. Choose your CV again.",
    ],
    [
      "a DOCX zip bomb",
      { name: "cv.docx", data: docxZipBomb() },
      400,
      "This document expands to far more than a CV would. Save it again as .docx and upload it.",
    ],
    [
      "a .docm with macros",
      { name: "cv.docm", data: sampleDocm() },
      400,
      "Documents with macros (.docm) are not accepted. Save your CV as .docx or PDF.",
    ],
    [
      "a 6 MB file",
      { name: "cv.pdf", data: Buffer.concat([samplePdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]) },
      413,
      "The CV must be 5 MB or smaller.",
    ],
  ])("refuses %s with a clear message and stores nothing", async (_what, file, status, message) => {
    const job = await createJob(t.app.database.db);
    const res = await apply(job.id, file);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it.each([1, 2, 3])("refuses a %i-byte file that is no PDF with 400, not 500", async (size) => {
    const job = await createJob(t.app.database.db);
    const res = await apply(job.id, { name: "cv.pdf", data: Buffer.alloc(size, 0x41) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cv).toBe("Upload your CV as a PDF or Word (.docx) document.");
    expect(await stored()).toHaveLength(0);
  });

  it("stops reading a chunked CV without Content-Length at 5 MB and answers 413", async () => {
    const job = await createJob(t.app.database.db);
    // 1 KB over the CV's limit, the whole body under the route's: busboy's file limit refuses it.
    const res = await applyChunked(job.id, Buffer.alloc(MAX_CV_BYTES + 1024, 0x20), "10.9.0.1");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: "The CV must be 5 MB or smaller.",
      errors: { cv: "The CV must be 5 MB or smaller." },
    });
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a body declared over the limit before reading it", async () => {
    const job = await createJob(t.app.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${job.id}/applications`,
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(8 * 1024 * 1024),
        accept: "application/json",
      },
      payload: "--x--\r\n",
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The CV must be 5 MB or smaller.");
  });

  it("a PDF with JavaScript is refused", async () => {
    const job = await createJob(t.app.database.db);
    const pdf = Buffer.from(
      samplePdf()
        .toString("latin1")
        .replace("/Type /Catalog", "/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>"),
      "latin1",
    );
    const res = await apply(job.id, { name: "cv.pdf", data: pdf });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cv).toMatch(/scripts or attached files/);
  });

  it("names every missing field and the missing CV", async () => {
    const job = await createJob(t.app.database.db);
    const res = await apply(job.id, null, {
      first_name: "",
      email: "nope",
      phone: "123",
      consent_processing: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      first_name: "Enter your first name",
      email: "Enter a valid e-mail address, e.g. name@example.com",
      phone: expect.stringContaining("10-digit Indian mobile"),
    });
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a cover note over 4,000 characters and a filled honeypot", async () => {
    const job = await createJob(t.app.database.db);
    const long = await apply(job.id, { name: "cv.pdf", data: samplePdf() }, { cover_note: "x".repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.cover_note).toBe("The cover note must be at most 4,000 characters");
    const bot = await apply(job.id, { name: "cv.pdf", data: samplePdf() }, { url_hp: "http://spam.example" });
    expect(bot.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a closed or expired job with a clear message", async () => {
    const closed = await createJob(t.app.database.db, { jobTitle: "Closed role", status: "closed" });
    const expired = await createJob(t.app.database.db, {
      jobTitle: "Expired role",
      validThrough: daysAgo(1),
    });
    for (const [job, title] of [
      [closed, "Closed role"],
      [expired, "Expired role"],
    ] as const) {
      const res = await apply(job.id, { name: "cv.pdf", data: samplePdf() });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `Applications for "${title}" are closed: the position is no longer open. See our other open positions on the careers page.`,
      );
    }
    expect(await stored()).toHaveLength(0);
  });

  it("never keeps a path or control characters of the original file name", async () => {
    const job = await createJob(t.app.database.db);
    await apply(job.id, { name: "..\\..\\evil<name>.exe", data: samplePdf() });
    const [row] = await stored();
    expect(row!.cvFileName).toBe("evilname.exe.pdf");
  });
});

describe("a job's questions", () => {
  const questions = [
    { id: "salary1", label: "Expected salary?", type: "text", required: true, choices: [] },
    { id: "pune1", label: "Can you work in Pune?", type: "yes_no", required: false, choices: [] },
    { id: "shift1", label: "Shift", type: "choice", required: true, choices: ["Day", "Night"] },
  ] as const;
  const jobWithQuestions = () =>
    createJob(t.app.database.db, {
      jobTitle: "Analyst with questions",
      questions: questions.map((q) => ({ ...q, choices: [...q.choices] })),
    });
  const cv = { name: "cv.pdf", data: samplePdf() };

  it("refuses a missing required answer or an answer that is no option, naming each question's field", async () => {
    const job = await jobWithQuestions();
    const res = await apply(job.id, cv, { answer_pune1: "Maybe", answer_shift1: "Evening" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      answer_salary1: "Answer this question",
      answer_pune1: "Choose yes or no",
      answer_shift1: "Choose one of the options",
    });
    expect(await stored()).toHaveLength(0);
  });

  it("stores the answers with the questions as asked; the detail, the CSV, the export and the hiring mail show them", async () => {
    const job = await jobWithQuestions();
    const id = await applyForId(job.id, cv, { answer_salary1: " 18 LPA ", answer_shift1: "Night" });
    const expected = [
      { question: "Expected salary?", answer: "18 LPA" },
      { question: "Can you work in Pune?", answer: "" },
      { question: "Shift", answer: "Night" },
    ];
    expect((await stored())[0]!.answers).toEqual(expected);
    // The job's questions change later: the application keeps what was asked.
    await t.app.database.db.update(jobs).set({ questions: [] }).where(eq(jobs.id, job.id));
    const as = { authorization: `Bearer ${t.editor}` };
    const detail = await t.app.inject({ url: `/api/job_applications/${id}`, headers: as });
    expect(detail.json().data.answers).toEqual(expected);
    const csv = await t.app.inject({ url: "/api/job_applications/export.csv", headers: as });
    expect(csv.body).toContain("Answers");
    expect(csv.body).toContain("Shift Night");
    const exported = await t.app.inject({
      url: `/api/job_applications/${id}/export`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(exportedApplication(exported.rawPayload).answers).toEqual(expected);
    expect((await outbox())[1]!.text).toContain("Expected salary? 18 LPA");
  });

  it("an application to a job without questions has none (null), and erasing removes the answers", async () => {
    const plain = await createJob(t.app.database.db);
    await apply(plain.id, cv);
    expect((await stored())[0]!.answers).toBeNull();
    const job = await jobWithQuestions();
    const id = await applyForId(job.id, cv, { answer_salary1: "18 LPA", answer_shift1: "Day" });
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/job_applications/${id}/personal_data`,
          headers: { authorization: `Bearer ${t.admin}` },
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await t.app.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row!.answers).toBeNull();
  });
});

describe("the bytes budget per address", () => {
  // 4.8 MB that is no CV: refused after reading (400), so the budget fills without storing anything.
  const notCv = () => Buffer.alloc(4_800_000, 0x41);
  const budgetMessage =
    /^You have sent more than 25 MB of applications from this address in the last hour\. Please wait \d+ minute\(s\) and try again\.$/;
  const send = (jobId: number, data: Buffer, ip: string) => apply(jobId, { name: "cv.pdf", data }, {}, ip);

  it("takes 25 MB an hour from one address, refused uploads included, then answers 429 before reading", async () => {
    const job = await createJob(t.app.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(job.id, notCv(), "10.8.0.1")).statusCode);
    // 24 MB read and counted; the sixth would take the address past 25 MB.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await send(job.id, notCv(), "10.8.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: expect.stringMatching(budgetMessage),
      data: [],
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // A refusal before reading costs nothing: a small application still fits in the last megabyte.
    expect((await send(job.id, samplePdf(), "10.8.0.1")).statusCode).toBe(201);
    // Another address has its own budget.
    expect((await send(job.id, notCv(), "10.8.0.2")).statusCode).toBe(400);
  });

  it("counts a chunked body without Content-Length once read, and refuses the one that goes over", async () => {
    const job = await createJob(t.app.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await applyChunked(job.id, notCv(), "10.8.2.1")).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Now over the budget: refused before reading, whatever the size.
    const small = await applyChunked(job.id, samplePdf(), "10.8.2.1");
    expect(small.statusCode).toBe(429);
    expect(small.json().message).toMatch(budgetMessage);
    expect(await stored()).toHaveLength(0);
  });
});

describe("the hiring team's API", () => {
  async function applied(email = "meera.iyer@example.com", change: Record<string, string> = {}) {
    const job = await createJob(t.app.database.db, { jobTitle: "Analyst" });
    return {
      job,
      id: await applyForId(job.id, { name: "Meera – CV.pdf", data: samplePdf() }, { email, ...change }),
    };
  }
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it("downloads the CV only for a signed-in operator, as a sandboxed attachment", async () => {
    const { id } = await applied();
    expect((await t.app.inject({ url: `/api/job_applications/${id}/cv` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `/api/job_applications/${id}/cv`, headers: as(t.editor) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Meera _ CV.pdf"; filename*=UTF-8''Meera%20%E2%80%93%20CV.pdf`,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-security-policy"]).toBe("sandbox");
    expect(res.rawPayload.equals(samplePdf())).toBe(true);
  });

  it("lists with filters, counts per job, and exports formula-safe CSV", async () => {
    const { job } = await applied();
    await applied("second@example.com", { city: "=HYPERLINK(1)" });
    const list = await t.app.inject({ url: `/api/job_applications?job_id=${job.id}`, headers: as(t.editor) });
    expect(list.json()).toMatchObject({
      total_no_of_data: 1,
      applications_data: [{ job_title: "Analyst", stage: "new" }],
    });
    const search = await t.app.inject({
      url: `/api/job_applications?search=meera%20iyer`,
      headers: as(t.editor),
    });
    expect(search.json().total_no_of_data).toBe(2);
    const counts = await t.app.inject({ url: "/api/job_applications/counts", headers: as(t.editor) });
    expect(counts.json().data[String(job.id)]).toBe(1);
    const csv = await t.app.inject({
      url: "/api/job_applications/export.csv?stage=new",
      headers: as(t.editor),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("'=HYPERLINK(1)");
    expect(csv.body).toContain("91 98765 43210");
    const ticked = list.json().applications_data[0].id;
    const selected = await t.app.inject({
      url: `/api/job_applications/export.csv?ids=${ticked}`,
      headers: as(t.editor),
    });
    expect(selected.body.trim().split("\r\n")).toHaveLength(2);
  });

  it("moves through the stages, rejecting needs a reason, every move in the history and the audit log", async () => {
    const { id } = await applied();
    const move = (body: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/job_applications/${id}/stage`,
        headers: as(t.editor),
        payload: body,
      });
    expect((await move({ stage: "screening" })).json().data.stage).toBe("screening");
    const noReason = await move({ stage: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe("reason: Choose why the application is rejected");
    expect((await move({ stage: "rejected", reason: "not_a_fit" })).json().data).toMatchObject({
      stage: "rejected",
      reject_reason: "not_a_fit",
    });
    const detail = (await t.app.inject({ url: `/api/job_applications/${id}`, headers: as(t.editor) })).json()
      .data;
    expect(detail.history.map((h: { to: string }) => h.to)).toEqual(["new", "screening", "rejected"]);
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "job_application"), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(["stage_changed", "stage_changed"]);
    expect(JSON.stringify(audits)).not.toContain("Meera");
  });

  it("adds a note with its author and time, audited without its text; refuses an empty one and an anonymised application", async () => {
    const { id } = await applied();
    const note = (payload: object, token = t.editor, to = id) =>
      t.app.inject({ method: "POST", url: `/api/job_applications/${to}/notes`, headers: as(token), payload });
    const added = await note({ text: "  Called Meera: strong on payroll.  " });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      author: expect.any(String),
      text: "Called Meera: strong on payroll.",
    });
    const detail = (await t.app.inject({ url: `/api/job_applications/${id}`, headers: as(t.editor) })).json()
      .data;
    expect(detail.notes).toEqual([added.json().data]);
    expect(Date.parse(detail.notes[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "job_application"), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => [a.action, a.after])).toContainEqual([
      "note_added",
      { note_id: added.json().data.id },
    ]);
    expect(JSON.stringify(audits)).not.toContain("strong on payroll");

    const empty = await note({ text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("text: Write the note");
    expect((await note({ text: "x".repeat(5001) })).statusCode).toBe(400);
    expect((await note({ text: "Hi", extra: 1 })).statusCode).toBe(400);
    expect((await note({ text: "Hi" }, t.editor, 999_999)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/job_applications/${id}/notes`,
          payload: { text: "Hi" },
        })
      ).statusCode,
    ).toBe(401);
    await t.app.inject({
      method: "DELETE",
      url: `/api/job_applications/${id}/personal_data`,
      headers: as(t.admin),
    });
    const late = await note({ text: "After the erasure" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This application was anonymised; notes can no longer be added.");
  });

  it("filters by the India calendar days of from and to, and refuses a date that is none", async () => {
    const db = t.app.database.db;
    const { id: early } = await applied("early@example.com");
    const { id: late } = await applied("late@example.com");
    // 18:29 UTC on 1 March is 23:59 in India; 18:30 is already 2 March there.
    await db
      .update(jobApplications)
      .set({ createdAt: new Date("2026-03-01T18:29:00Z") })
      .where(eq(jobApplications.id, early));
    await db
      .update(jobApplications)
      .set({ createdAt: new Date("2026-03-01T18:30:00Z") })
      .where(eq(jobApplications.id, late));
    const ids = async (query: string) =>
      (await t.app.inject({ url: `/api/job_applications?${query}`, headers: as(t.editor) }))
        .json()
        .applications_data.map((a: { id: number }) => a.id);
    expect(await ids("from=2026-03-01&to=2026-03-01")).toEqual([early]);
    expect(await ids("from=2026-03-02&to=2026-03-02")).toEqual([late]);
    expect((await ids("from=2026-03-01&to=2026-03-02")).sort()).toEqual([early, late].sort());
    expect(await ids("to=2026-02-28")).toEqual([]);
    const bad = await t.app.inject({ url: "/api/job_applications?from=2026-02-30", headers: as(t.editor) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("from: from must be a date, e.g. 2026-03-01");
  });

  it("answers the board: every stage with its count and the most recently moved applications first", async () => {
    const { id: first } = await applied("first@example.com");
    const { id: second } = await applied("second@example.com");
    const { id: third, job } = await applied("third@example.com");
    const move = (id: number, payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/job_applications/${id}/stage`,
        headers: as(t.editor),
        payload,
      });
    await move(first, { stage: "interview" });
    await move(second, { stage: "interview" });
    await move(third, { stage: "rejected", reason: "spam" });
    const board = await t.app.inject({ url: "/api/job_applications/board", headers: as(t.editor) });
    expect(board.statusCode).toBe(200);
    const columns = board.json().board_data as {
      stage: string;
      count: number;
      applications: { id: number }[];
    }[];
    expect(columns.map((c) => [c.stage, c.count])).toEqual([
      ["new", 0],
      ["screening", 0],
      ["interview", 2],
      ["offer", 0],
      ["hired", 0],
      ["rejected", 1],
    ]);
    expect(columns[2]!.applications.map((a) => a.id)).toEqual([second, first]);
    const filtered = await t.app.inject({
      url: `/api/job_applications/board?job_id=${job.id}&search=third`,
      headers: as(t.editor),
    });
    expect(filtered.json().board_data.map((c: { count: number }) => c.count)).toEqual([0, 0, 0, 0, 0, 1]);
    const paged = await t.app.inject({ url: "/api/job_applications/board?page=2", headers: as(t.editor) });
    expect(paged.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/job_applications/board" })).statusCode).toBe(401);
  });

  it("moves the ticked applications, or all matching the filters, to one stage: each in its history and the audit log", async () => {
    const ids: number[] = [];
    let jobId = 0;
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      const { id, job } = await applied(email);
      ids.push(id);
      jobId = job.id;
    }
    const bulk = (payload: object, query = "") =>
      t.app.inject({
        method: "POST",
        url: `/api/job_applications/bulk_stage${query}`,
        headers: as(t.editor),
        payload,
      });
    const ticked = await bulk({ ids: ids.slice(0, 2), stage: "screening" });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toMatchObject({
      message: "2 applications moved to Screening.",
      data: { moved: 2 },
    });
    const noReason = await bulk({ ids, stage: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe("reason: Choose why the applications are rejected");
    // All matching: the filter selects the third job's one application only.
    const matching = await bulk(
      { all_matching: true, stage: "rejected", reason: "no_response" },
      `?job_id=${jobId}`,
    );
    expect(matching.json()).toMatchObject({
      message: "1 application moved to Rejected.",
      data: { moved: 1 },
    });
    const rows = await t.app.database.db.select().from(jobApplications).orderBy(jobApplications.id);
    expect(rows.map((r) => [r.stage, r.rejectReason])).toEqual([
      ["screening", null],
      ["screening", null],
      ["rejected", "no_response"],
    ]);
    const detail = (
      await t.app.inject({ url: `/api/job_applications/${ids[2]}`, headers: as(t.editor) })
    ).json().data;
    expect(detail.history.map((h: { to: string; reason: string | null }) => [h.to, h.reason])).toEqual([
      ["new", null],
      ["rejected", "no_response"],
    ]);
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "job_application"), eq(auditLog.action, "stage_changed")));
    const mine = audits.filter((a) => ids.includes(Number(a.entityId)));
    expect(mine.map((a) => [Number(a.entityId), (a.after as { stage: string }).stage]).sort()).toEqual(
      [
        [ids[0], "screening"],
        [ids[1], "screening"],
        [ids[2], "rejected"],
      ].sort(),
    );
    // Already there: nothing to move, nothing audited.
    expect((await bulk({ ids: ids.slice(0, 2), stage: "screening" })).json().data.moved).toBe(0);
    expect((await bulk({ ids: [ids[0]], all_matching: true, stage: "new" })).statusCode).toBe(400);
    expect((await bulk({ ids: Array.from({ length: 101 }, (_, i) => i + 1), stage: "new" })).statusCode).toBe(
      400,
    );
    expect((await bulk({ all_matching: true, stage: "new" }, "?colour=red")).statusCode).toBe(400);
  });

  it("refuses a move of more applications than its limit, naming it, and moves none", async () => {
    const db = t.app.database.db;
    const job = await createJob(db);
    await db.insert(jobApplications).values(
      Array.from({ length: MAX_MATCHING + 1 }, (_, i) => ({
        jobId: job.id,
        firstName: "Bulk",
        lastName: `${i}`,
        email: `bulk${i}@example.com`,
        phone: "+919876543210",
      })),
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/job_applications/bulk_stage?job_id=${job.id}`,
      headers: as(t.editor),
      payload: { all_matching: true, stage: "screening" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "The filters select more than 10,000 applications to move; one move takes at most 10,000. Narrow the filters and move them in parts.",
    );
    expect(await db.$count(jobApplications, eq(jobApplications.stage, "screening"))).toBe(0);
  });

  it("lists every job for the Job filter, open ones first, not only the first page", async () => {
    const db = t.app.database.db;
    const closed = await createJob(db, { jobTitle: "Old closed role", status: "closed" });
    for (let i = 0; i < 55; i++) await createJob(db, { jobTitle: `Role ${i}` });
    const res = await t.app.inject({ url: "/api/job_applications/jobs", headers: as(t.editor) });
    expect(res.statusCode).toBe(200);
    const options = res.json().data as { id: number; status: string }[];
    expect(options.length).toBe(await db.$count(jobs));
    expect(options).toContainEqual({ id: closed.id, job_title: "Old closed role", status: "closed" });
    const statuses = options.map((o) => o.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === "open" ? -1 : 1)));
  });

  it("exports one candidate's data (notes and stage history included, the CV beside it) and erases it on request, admin only, both audited without the personal data", async () => {
    const { id } = await applied();
    const db = t.app.database.db;
    const personal = /Meera|meera|Iyer|98765|9876543210|Pune|payroll|CV\.pdf/;
    const note = await t.app.inject({
      method: "POST",
      url: `/api/job_applications/${id}/notes`,
      headers: as(t.editor),
      payload: { text: "Called Meera: strong on payroll." },
    });
    expect(note.statusCode).toBe(201);
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${id}/stage`,
      headers: as(t.editor),
      payload: { stage: "screening" },
    });
    expect(moved.statusCode).toBe(200);
    const editorName = note.json().data.author as string;
    const audits = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "job_application"), eq(auditLog.entityId, String(id))))
        .orderBy(auditLog.id);
    const exportUrl = `/api/job_applications/${id}/export`;
    const eraseUrl = `/api/job_applications/${id}/personal_data`;

    // An editor may do neither, and nothing is audited for the refusals.
    expect((await t.app.inject({ url: exportUrl, headers: as(t.editor) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: eraseUrl, headers: as(t.editor) })).statusCode).toBe(
      403,
    );
    expect(await audits()).toHaveLength(2);

    // The export: one zip of everything stored (JSON and text), the CV and the mails sent to the candidate.
    const exported = await t.app.inject({ url: exportUrl, headers: as(t.admin) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/zip");
    const folder = `application-${id}-meera-iyer-${todayInIndia()}`;
    expect(exported.headers["content-disposition"]).toBe(
      `attachment; filename="${folder}.zip"; filename*=UTF-8''${folder}.zip`,
    );
    const entries = zipEntries(exported.rawPayload);
    const mailNames = Object.keys(entries).filter((name) => name.startsWith(`${folder}/mails/`));
    expect(Object.keys(entries).sort()).toEqual(
      [
        `${folder}/application.json`,
        `${folder}/application.txt`,
        `${folder}/cv/Meera – CV.pdf`,
        ...mailNames,
      ].sort(),
    );
    expect(Buffer.from(entries[`${folder}/cv/Meera – CV.pdf`]!).equals(samplePdf())).toBe(true);
    const text = strFromU8(entries[`${folder}/application.txt`]!);
    expect(text).toContain("First name: Meera");
    expect(text).toContain("E-mail: meera.iyer@example.com");
    expect(text).toContain("Called Meera: strong on payroll.");
    // The acknowledgement went to the candidate; the team's notice about the application did not.
    const toCandidate = (await outbox()).filter((m) => m.recipient === "meera.iyer@example.com");
    expect(toCandidate.length).toBeGreaterThan(0);
    expect(mailNames).toHaveLength(toCandidate.length);
    const firstMail = strFromU8(entries[mailNames.sort()[0]!]!);
    expect(firstMail).toContain(`Subject: ${toCandidate[0]!.subject}`);
    expect(firstMail).toContain(toCandidate[0]!.text);
    const data = exportedApplication(exported.rawPayload);
    expect(data.mails).toHaveLength(toCandidate.length);
    expect(data).toMatchObject({
      id,
      first_name: "Meera",
      last_name: "Iyer",
      email: "meera.iyer@example.com",
      phone: "+919876543210",
      city: "Pune",
      cover_note: fields.cover_note,
      stage: "screening",
      cv_file_name: "Meera – CV.pdf",
      cv_size: samplePdf().length,
      consented_at: expect.any(String),
    });
    expect(data.notes).toEqual([
      {
        id: note.json().data.id,
        author: editorName,
        text: "Called Meera: strong on payroll.",
        created_at: expect.any(String),
      },
    ]);
    expect(data.history).toEqual([
      { from: null, to: "new", reason: null, by: "candidate", at: expect.any(String) },
      { from: "new", to: "screening", reason: null, by: editorName, at: expect.any(String) },
    ]);
    const cv = await t.app.inject({ url: `/api/job_applications/${id}/cv`, headers: as(t.admin) });
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.equals(samplePdf())).toBe(true);
    const afterExport = await audits();
    expect(afterExport).toHaveLength(3);
    expect(afterExport.at(-1)).toMatchObject({ action: "data_exported", before: null, after: null });
    expect(JSON.stringify(afterExport)).not.toMatch(personal);

    // The erasure: personal data, notes and the CV gone; stage, dates and the (operator-only) history kept.
    const erased = await t.app.inject({ method: "DELETE", url: eraseUrl, headers: as(t.admin) });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().message).toBe("The candidate's personal data and CV were erased.");
    const [row] = await stored();
    expect(row).toMatchObject({
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      city: "",
      coverNote: "",
      answers: null,
      cvFileName: null,
      cvBytes: null,
      stage: "screening",
    });
    expect(row!.anonymisedAt).not.toBeNull();
    expect(
      await db.select().from(jobApplicationNotes).where(eq(jobApplicationNotes.applicationId, id)),
    ).toEqual([]);
    const gone = await t.app.inject({ url: `/api/job_applications/${id}/cv`, headers: as(t.admin) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("This application has no CV any more (it was anonymised or erased).");
    const again = exportedApplication(
      (await t.app.inject({ url: exportUrl, headers: as(t.admin) })).rawPayload,
    );
    expect(again).toMatchObject({ first_name: "", email: "", cv_file_name: null, notes: [] });
    expect(again.history.map((h: { to: string }) => h.to)).toEqual(["new", "screening"]);
    expect(JSON.stringify(again)).not.toMatch(personal);

    const afterErase = await audits();
    expect(afterErase.filter((a) => a.action === "personal_data_erased")).toMatchObject([
      { before: null, after: null },
    ]);
    expect(JSON.stringify(afterErase)).not.toMatch(personal);
    const everywhere = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(JSON.stringify(everywhere)).not.toMatch(personal);
  });
});

describe("the candidate's mail in the outbox", () => {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const db = () => t.app.database.db;
  const later = new Date(Date.now() + 86_400_000);
  /** The app's mail worker delivers in the background (to the log: no SMTP_URL here); wait, then set states by hand. */
  const deliveredAll = () =>
    expect.poll(async () => (await outbox()).every((m) => m.status !== "pending")).toBe(true);
  const setMail = (id: number, values: Partial<typeof mailOutbox.$inferInsert>) =>
    db().update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
  const erase = (id: number) =>
    t.app.inject({
      method: "DELETE",
      url: `/api/job_applications/${id}/personal_data`,
      headers: as(t.admin),
    });

  it("erasing takes the candidate's data out of the outbox: sent and failed mail keep only their status", async () => {
    const job = await createJob(db(), { jobTitle: "Outbox role" });
    const mine = await applyForId(job.id, { name: "cv.pdf", data: samplePdf() });
    await apply(
      job.id,
      { name: "cv.pdf", data: samplePdf() },
      { email: "other@example.com", first_name: "Ravi" },
    );
    await deliveredAll();
    const [confirmation, notification] = await outbox();
    await setMail(confirmation!.id, { status: "sent" });
    // The notification failed; an admin retried it (an audit entry naming the recipient); it failed again.
    await setMail(notification!.id, { status: "failed", lastError: "550 no such user" });
    const retried = await t.app.inject({
      method: "POST",
      url: `/api/mail/${notification!.id}/retry`,
      headers: as(t.admin),
    });
    expect(retried.statusCode).toBe(200);
    await deliveredAll();
    await setMail(notification!.id, { status: "failed", lastError: "550 no such user" });

    expect((await erase(mine)).statusCode).toBe(200);
    const mails = await outbox();
    const erased = mails.filter((m) => m.about === `job_application:${mine}`);
    expect(erased.map((m) => [m.id, m.status, m.recipient, m.subject, m.text, m.lastError])).toEqual([
      [confirmation!.id, "sent", "", "Job application (personal data erased)", "", null],
      [notification!.id, "failed", "", "Job application (personal data erased)", "", null],
    ]);
    expect(JSON.stringify(erased)).not.toMatch(/Meera|meera|98765/);
    // The other candidate's mail is untouched.
    expect(mails.filter((m) => m.recipient === "other@example.com")).toHaveLength(1);
    const mailAudits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(notification!.id)));
    expect(mailAudits.filter((a) => a.entity === "mail")).toHaveLength(1);
    expect(JSON.stringify(mailAudits)).not.toMatch(/Meera|meera/);
    // An erased message cannot be sent again.
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/mail/${notification!.id}/retry`,
      headers: as(t.admin),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe("This message's personal data was erased; it can no longer be sent.");
  });

  it("mail still waiting for a retry when the candidate is erased is never sent", async () => {
    const job = await createJob(db());
    const id = await applyForId(job.id, { name: "cv.pdf", data: samplePdf() });
    await deliveredAll();
    for (const m of await outbox()) await setMail(m.id, { status: "pending", nextAttemptAt: later });
    expect((await erase(id)).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(0);
  });
});

describe("retention, with a moved clock", () => {
  it("anonymises applications rejected more than the setting's days ago, keeping stage and dates", async () => {
    const db = t.app.database.db;
    const job = await createJob(db);
    const actor = await createActor(db);
    const ids: number[] = [];
    for (const [email, keep] of [
      ["gone@example.com", ""],
      ["kept@example.com", "on"],
      ["active@example.com", ""],
    ] as const) {
      ids.push(
        await applyForId(
          job.id,
          { name: "cv.pdf", data: samplePdf() },
          { email, ...(keep ? { keep_cv: keep } : {}) },
        ),
      );
    }
    const services = {
      settings: t.app.services.settings,
      audit: t.app.services.audit,
      publicAddress: t.app.services.publicAddress,
    };
    const today = createApplicationService(db, services);
    await today.changeStage(actor, ids[0]!, { stage: "rejected", reason: "not_a_fit" });
    await today.changeStage(actor, ids[1]!, { stage: "rejected", reason: "withdrew" });
    await today.addNote(actor, ids[0]!, "Spoke to Meera on the phone");
    // Legacy audit entries may carry personal data; anonymisation strips it.
    await t.app.services.audit.record(
      actor,
      "update",
      "job_application",
      ids[0]!,
      { first_name: "Meera", stage: "new" },
      null,
    );

    expect(await today.anonymiseExpired()).toBe(0);
    const later = (days: number) =>
      createApplicationService(db, { ...services, now: () => new Date(Date.now() + days * 86_400_000) });
    expect(await later(179).anonymiseExpired()).toBe(0);
    expect(await later(181).anonymiseExpired()).toBe(1);
    const rows = await db.select().from(jobApplications).orderBy(jobApplications.id);
    expect(rows[0]).toMatchObject({
      firstName: "",
      email: "",
      phone: "",
      cvBytes: null,
      stage: "rejected",
      rejectReason: "not_a_fit",
    });
    expect(rows[1]!.anonymisedAt).toBeNull(); // kept for future openings
    expect(rows[2]!.anonymisedAt).toBeNull(); // still in the pipeline
    expect(
      await db.select().from(jobApplicationNotes).where(eq(jobApplicationNotes.applicationId, ids[0]!)),
    ).toHaveLength(0);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(ids[0])));
    expect(JSON.stringify(audits)).not.toContain("Meera");
    // The "keep" consent holds the CV for a year, then it goes too.
    expect(await later(366).anonymiseExpired()).toBe(1);
  });

  it("anonymises applications nobody decided once their job closed, expired or went more than the setting's days ago", async () => {
    const db = t.app.database.db;
    const [closed, open, expiring, deleted] = await Promise.all(
      ["Closed", "Open", "Expiring", "Deleted"].map((title) => createJob(db, { jobTitle: title })),
    );
    const applied = async (job: { id: number }, email: string, change: Record<string, string> = {}) =>
      applyForId(job.id, { name: "cv.pdf", data: samplePdf() }, { email, ...change });
    const ids = {
      closed: await applied(closed!, "closed@example.com"),
      closedKept: await applied(closed!, "kept@example.com", { keep_cv: "on" }),
      open: await applied(open!, "open@example.com"),
      expired: await applied(expiring!, "expired@example.com"),
      deleted: await applied(deleted!, "deleted@example.com"),
    };
    await db.update(jobs).set({ status: "closed", updatedAt: new Date() }).where(eq(jobs.id, closed!.id));
    await db
      .update(jobs)
      .set({ validThrough: daysAgo(1) })
      .where(eq(jobs.id, expiring!.id));
    await db.delete(jobs).where(eq(jobs.id, deleted!.id));
    const later = (days: number) =>
      createApplicationService(db, {
        settings: t.app.services.settings,
        audit: t.app.services.audit,
        publicAddress: t.app.services.publicAddress,
        now: () => new Date(Date.now() + days * 86_400_000),
      });
    const anonymised = async () =>
      (await db.select().from(jobApplications).orderBy(jobApplications.id))
        .filter((r) => r.anonymisedAt)
        .map((r) => r.id);

    // The mail worker delivers every confirmation first (to the log: no SMTP_URL here).
    await expect.poll(async () => (await outbox()).every((m) => m.status === "logged")).toBe(true);
    expect(await later(179).anonymiseExpired()).toBe(0);
    expect(await later(181).anonymiseExpired()).toBe(3);
    expect(await anonymised()).toEqual([ids.closed, ids.expired, ids.deleted]);
    // Their mail goes with them (what was delivered keeps only its status); the others' stays.
    const mails = await outbox();
    const about = (id: number) => mails.filter((m) => m.about === `job_application:${id}`);
    for (const id of [ids.closed, ids.expired, ids.deleted]) {
      expect(about(id).length).toBeGreaterThan(0);
      for (const m of about(id)) expect([m.recipient, m.text, m.status]).toEqual(["", "", "logged"]);
    }
    for (const id of [ids.closedKept, ids.open])
      expect(about(id).map((m) => m.text === "")).toEqual([false, false]);
    // The "keep" consent holds an undecided application a year too; an open job's pipeline stays.
    expect(await later(366).anonymiseExpired()).toBe(1);
    expect(await anonymised()).toEqual([ids.closed, ids.closedKept, ids.expired, ids.deleted]);
  });

  it("an undecided application that moved recently is kept after its job closed", async () => {
    const db = t.app.database.db;
    const job = await createJob(db);
    const actor = await createActor(db);
    const id = await applyForId(job.id, { name: "cv.pdf", data: samplePdf() });
    await db
      .update(jobs)
      .set({ status: "closed", validThrough: daysAgo(400) })
      .where(eq(jobs.id, job.id));
    const at = (days: number) =>
      createApplicationService(db, {
        settings: t.app.services.settings,
        audit: t.app.services.audit,
        publicAddress: t.app.services.publicAddress,
        now: () => new Date(Date.now() + days * 86_400_000),
      });
    // Moved to Interview 100 days from now: its 180 days count from there.
    await at(100).changeStage(actor, id, { stage: "interview" });
    expect(await at(181).anonymiseExpired()).toBe(0);
    expect(await at(281).anonymiseExpired()).toBe(1);
  });
});
