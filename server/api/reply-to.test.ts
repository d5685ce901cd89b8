import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { postApplication } from "#tests/support/applications.ts";
import { samplePdf } from "#tests/support/cv-files.ts";
import { createJob, enquiryInput } from "#tests/support/factories.ts";
import { decodedText, startTestSmtp, type ReceivedMail, type TestSmtp } from "#tests/support/smtp.ts";

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_FORM_RATE_LIMIT: "10000" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A header as the mail carries it (one line; folded lines joined). */
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "im")
    .exec(mail.raw.split(/\r?\n\r?\n/)[0]!)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ");
const mailTo = async (address: string) => {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(address)), { timeout: 15_000 }).toBe(true);
  return smtp.received.filter((m) => m.to.includes(address));
};

describe("mail people can answer", () => {
  it("an enquiry: the team's notice replies to the enquirer, who gets an acknowledgement (text and HTML) that replies to the team", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact_requests",
      payload: { ...enquiryInput, email: "asha.verma@example.com" },
    });
    expect(res.statusCode).toBe(201);

    const [notice] = await mailTo("info@example.com");
    expect(notice!.subject).toBe("New enquiry from Asha Verma");
    expect(header(notice!, "Reply-To")).toBe("asha.verma@example.com");
    expect(header(notice!, "From")).toContain("no-reply@");

    const acks = await mailTo("asha.verma@example.com");
    expect(acks).toHaveLength(1);
    const ack = acks[0]!;
    expect(ack.subject).toBe("We received your message: GCC View 360");
    expect(header(ack, "Reply-To")).toBe("info@example.com");
    expect(header(ack, "Content-Type")).toContain("multipart/alternative");
    const body = decodedText(ack.raw);
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    expect(body).toContain("Dear Asha,");
    expect(body).toContain("reply to this e-mail; it reaches info@example.com");
    // It repeats nothing the enquirer wrote: anyone can type anyone's address.
    expect(body).not.toContain("50-person engineering centre");
  });

  it("an enquirer's acknowledgements are limited per address: a second enquiry the same day gets none", async () => {
    smtp.received.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact_requests",
        payload: { ...enquiryInput, email: "Repeat.Sender@example.com" },
      });
      expect(res.statusCode).toBe(201);
    }
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes("info@example.com")).length, { timeout: 15_000 })
      .toBe(2);
    // Both notices went; one acknowledgement, and none still waiting (the outbox's worker may hold it a moment).
    const acknowledgements = () =>
      smtp.received.filter(
        (m) => m.to.includes("repeat.sender@example.com") || m.to.includes("Repeat.Sender@example.com"),
      ).length;
    await expect.poll(acknowledgements, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => t.app.services.mail.deliverDue()).toBe(0);
    expect(acknowledgements()).toBe(1);
  });

  it("an application: the hiring notice replies to the candidate, the candidate's confirmation to the hiring address", async () => {
    smtp.received.length = 0;
    const job = await createJob(t.app.database.db, { jobTitle: "Payroll Lead" });
    const res = await postApplication(t.app, job.id, { name: "cv.pdf", data: samplePdf() });
    expect(res.statusCode).toBe(201);

    const [notice] = await mailTo("hr@example.com");
    expect(notice!.subject).toContain("New application: Payroll Lead from Meera Iyer");
    expect(header(notice!, "Reply-To")).toBe("meera.iyer@example.com");

    const [confirmation] = await mailTo("meera.iyer@example.com");
    expect(confirmation!.subject).toBe("We received your application: Payroll Lead");
    expect(header(confirmation!, "Reply-To")).toBe("hr@example.com");
    expect(decodedText(confirmation!.raw)).toContain("by replying to this e-mail");
  });
});
