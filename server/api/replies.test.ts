import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactRequests, jobApplications, mailOutbox, threadMessages } from "#db/schema/index.ts";
import type { Thread } from "#schemas/thread.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { postApplication } from "#tests/support/applications.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { samplePdf } from "#tests/support/cv-files.ts";
import { createJob, enquiryInput } from "#tests/support/factories.ts";
import { decodedText, startTestSmtp, type TestSmtp } from "#tests/support/smtp.ts";

let t: TestApp;
let smtp: TestSmtp;
let editor = "";
let admin = "";
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_FORM_RATE_LIMIT: "10000" });
  editor = await operatorToken(t.app, "editor");
  admin = await operatorToken(t.app, "admin");
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const db = () => t.app.database.db;
const as = (token: string) => ({ authorization: `Bearer ${token}` });

let enquiries = 0;
async function newEnquiry(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact_requests",
    payload: {
      ...enquiryInput,
      email,
      message: `Can you set up a centre in Pune?\nWe need ${50 + ++enquiries} seats.`,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

const replyTo = (path: string, token: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/${path}/replies`, headers: as(token), payload });
const threadOf = async (path: string, token = editor) => {
  const res = await t.app.inject({ method: "GET", url: `/api/${path}/thread`, headers: as(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as Thread;
};
const mailsTo = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, address));

describe("a reply to an enquiry", () => {
  it("queues one mail to the enquirer with the quote and Reply-To the info address, and keeps it in the thread", async () => {
    const id = await newEnquiry("reply.one@example.com");
    const before = (await mailsTo("reply.one@example.com")).length; // the acknowledgement
    const res = await replyTo(`contact_requests/${id}`, editor, {
      subject: "Re: Your message to GCC View 360",
      body: "Dear Asha,\n\nYes, we can. Shall we talk on Monday?",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Reply queued for reply.one@example.com.");

    const mails = await mailsTo("reply.one@example.com");
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.subject === "Re: Your message to GCC View 360")!;
    expect(mail.replyTo).toBe("info@example.com");
    expect(mail.text).toContain("Yes, we can. Shall we talk on Monday?");
    expect(mail.text).toMatch(
      /On .* IST, Asha Verma wrote:\n> Can you set up a centre in Pune\?\n> We need \d+ seats\./,
    );
    expect(mail.html).toContain("&gt; Can you set up a centre in Pune?");

    // The thread: the visitor's message first, then the reply with who sent it, delivered by the outbox.
    const thread = await threadOf(`contact_requests/${id}`);
    expect(thread.to).toBe("reply.one@example.com");
    expect(thread.messages.map((m) => [m.direction, m.body.split("\n")[0]])).toEqual([
      ["in", "Can you set up a centre in Pune?"],
      ["out", "Dear Asha,"],
    ]);
    expect(thread.messages[1]!.author).toMatch(/^editor-/);
    await expect
      .poll(async () => (await threadOf(`contact_requests/${id}`)).messages[1]!.status, { timeout: 15_000 })
      .toBe("sent");
    const received = smtp.received.find((m) => m.subject === "Re: Your message to GCC View 360");
    expect(decodedText(received!.raw)).toContain("Shall we talk on Monday?");

    // A new enquiry that was answered is contacted; the audit log says who replied, with a human label.
    const [row] = await db().select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row!.status).toBe("contacted");
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "enquiry"), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: "reply_sent", operatorName: thread.messages[1]!.author });
    expect(entry!.after).toMatchObject({ subject: "Re: Your message to GCC View 360", first_name: "Asha" });
  });

  it("keeps the replies in the order they were sent, an admin's too, and shows a failed delivery", async () => {
    const id = await newEnquiry("reply.two@example.com");
    for (const [token, body] of [
      [editor, "First answer"],
      [admin, "Second answer"],
    ] as const)
      expect(
        (await replyTo(`contact_requests/${id}`, token, { subject: "Re: hello", body })).statusCode,
      ).toBe(201);
    const [second] = await db().select().from(threadMessages).where(eq(threadMessages.body, "Second answer"));
    await db()
      .update(mailOutbox)
      .set({ status: "failed", lastError: "550 mailbox unavailable" })
      .where(eq(mailOutbox.id, second!.mailId!));
    const thread = await threadOf(`contact_requests/${id}`);
    expect(thread.messages.map((m) => m.body)).toEqual([
      expect.stringMatching(/^Can you set up a centre in Pune\?\nWe need \d+ seats\.$/),
      "First answer",
      "Second answer",
    ]);
    expect(thread.messages[2]).toMatchObject({ status: "failed", last_error: "550 mailbox unavailable" });
    expect(thread.messages[2]!.author).toMatch(/^admin-/);
  });

  it.each([
    ["an empty body", { subject: "Re: x", body: "  " }, "body: Write the message"],
    ["no subject", { subject: "", body: "Hello" }, "subject: Write a subject"],
    [
      "a line break in the subject (a header of the sender's choosing)",
      { subject: "Re: x\r\nBcc: victim@example.com", body: "Hello" },
      "subject: The subject must be one line, without line breaks",
    ],
    [
      "a long subject",
      { subject: "x".repeat(201), body: "Hello" },
      "subject: The subject must be at most 200 characters",
    ],
    [
      "a long body",
      { subject: "Re: x", body: "x".repeat(10_001) },
      "body: The message must be at most 10,000 characters",
    ],
    ["an unknown field", { subject: "Re: x", body: "Hello", bcc: "a@example.com" }, "bcc"],
  ])("refuses %s with a 400 that names the field, and sends nothing", async (_name, payload, message) => {
    const id = await newEnquiry("reply.bad@example.com");
    const before = (await mailsTo("reply.bad@example.com")).length;
    const res = await replyTo(`contact_requests/${id}`, editor, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await mailsTo("reply.bad@example.com")).toHaveLength(before);
    expect((await threadOf(`contact_requests/${id}`)).messages).toHaveLength(1);
  });

  it("goes to Recently deleted with its enquiry and comes back with it", async () => {
    const id = await newEnquiry("reply.trash@example.com");
    await replyTo(`contact_requests/${id}`, editor, { subject: "Re: x", body: "Kept through the trash" });
    const url = `/api/contact_requests/${id}`;
    expect((await t.app.inject({ method: "DELETE", url, headers: as(editor) })).statusCode).toBe(200);
    expect(await db().select().from(threadMessages).where(eq(threadMessages.enquiryId, id))).toHaveLength(0);
    const restored = await t.app.inject({
      method: "POST",
      url: "/api/contact_requests/restore",
      headers: as(editor),
      payload: { ids: [id] },
    });
    expect(restored.statusCode).toBe(200);
    const thread = await threadOf(`contact_requests/${id}`);
    expect(thread.messages.map((m) => m.body).at(-1)).toBe("Kept through the trash");
    expect(thread.messages.at(-1)!.status).not.toBeNull();
  });

  it("answers 404 for an unknown enquiry and 401 without a signed-in operator", async () => {
    const unknown = await replyTo("contact_requests/999999", editor, { subject: "Re: x", body: "Hello" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Enquiry not found");
    const id = await newEnquiry("reply.anon@example.com");
    const before = (await mailsTo("reply.anon@example.com")).length;
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/contact_requests/${id}/replies`,
      payload: { subject: "Re: x", body: "Hello" },
    });
    expect(anonymous.statusCode).toBe(401);
    const read = await t.app.inject({ method: "GET", url: `/api/contact_requests/${id}/thread` });
    expect(read.statusCode).toBe(401);
    expect(await mailsTo("reply.anon@example.com")).toHaveLength(before);
  });
});

describe("a reply to a candidate", () => {
  async function newApplication(email: string) {
    const job = await createJob(db(), { jobTitle: "Payroll Lead", company: "Northwind" });
    const res = await postApplication(t.app, job.id, { name: "cv.pdf", data: samplePdf("CV") }, { email });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(jobApplications).where(eq(jobApplications.email, email));
    return row!.id;
  }

  it("offers the filled-in rejection mail, and sends the edited one with the rejection in one request", async () => {
    const id = await newApplication("meera.reject@example.com");
    const thread = await threadOf(`job_applications/${id}`);
    expect(thread.rejection!.subject).toBe("Your application to Northwind");
    expect(thread.rejection!.body).toContain("Dear Meera,");
    expect(thread.rejection!.body).toContain("Thank you for applying for Payroll Lead at Northwind");
    expect(thread.messages[0]).toMatchObject({
      direction: "in",
      body: "I have led payroll teams for six years.",
    });

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${id}/stage`,
      headers: as(editor),
      payload: {
        stage: "rejected",
        reason: "not_a_fit",
        reply: { subject: thread.rejection!.subject, body: "Dear Meera,\n\nNot this time, sorry." },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Stage changed; the mail to meera.reject@example.com is queued.");
    const [mail] = (await mailsTo("meera.reject@example.com")).filter(
      (m) => m.subject === "Your application to Northwind",
    );
    expect(mail!.replyTo).toBe("hr@example.com");
    expect(mail!.text).toContain("Not this time, sorry.");
    expect(mail!.text).toContain("> I have led payroll teams for six years.");
    expect(mail!.about).toBe(`job_application:${id}`);

    const after = await threadOf(`job_applications/${id}`);
    expect(after.messages.map((m) => m.direction)).toEqual(["in", "out"]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "reply_sent"),
          eq(auditLog.entity, "job_application"),
          eq(auditLog.entityId, String(id)),
        ),
      );
    expect(entry!.after).toMatchObject({ kind: "rejection" });
  });

  it("a rejection without the mail sends nothing; a refused mail leaves the stage as it was", async () => {
    const id = await newApplication("meera.quiet@example.com");
    const before = (await mailsTo("meera.quiet@example.com")).length;
    const bad = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${id}/stage`,
      headers: as(editor),
      payload: { stage: "rejected", reason: "not_a_fit", reply: { subject: "a\nb", body: "x" } },
    });
    expect(bad.statusCode).toBe(400);
    const [still] = await db().select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(still!.stage).toBe("new");
    const quiet = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${id}/stage`,
      headers: as(editor),
      payload: { stage: "rejected", reason: "not_a_fit" },
    });
    expect(quiet.statusCode).toBe(200);
    expect(await mailsTo("meera.quiet@example.com")).toHaveLength(before);
  });

  it("a reply from the application, and erasure takes the thread with it", async () => {
    const id = await newApplication("meera.erase@example.com");
    const res = await replyTo(`job_applications/${id}`, editor, {
      subject: "Re: Your application to Northwind",
      body: "Could you talk on Tuesday?",
    });
    expect(res.statusCode).toBe(201);
    expect((res.json().data as Thread).messages).toHaveLength(2);
    const erased = await t.app.inject({
      method: "DELETE",
      url: `/api/job_applications/${id}/personal_data`,
      headers: as(admin),
    });
    expect(erased.statusCode).toBeLessThan(300);
    expect(await db().select().from(threadMessages).where(eq(threadMessages.applicationId, id))).toHaveLength(
      0,
    );
    const refused = await replyTo(`job_applications/${id}`, editor, { subject: "Re: x", body: "Hello" });
    expect(refused.statusCode).toBe(409);
  });
});
