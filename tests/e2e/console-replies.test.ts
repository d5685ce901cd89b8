import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/cv-files";
import { expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, applyForJob, callApi, freshPhone, openSignedIn, sendEnquiry } from "./support/console";

/** Answering an enquirer and a candidate from the console, and the conversation kept with the record. */
const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});
const api = <T>(method: string, path: string, body?: object) => callApi<T>(token, method, path, body);

/** Screenshots of the thread for people to look at (outside the repository when SHOTS_DIR says so). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? "/tmp";
  mkdirSync(dir, { recursive: true });
  // The dialog scrolled to the start of the conversation.
  await page
    .getByRole("heading", { name: "Conversation" })
    .evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${dir}/${name}.png` });
}

interface ThreadAnswer {
  data: { messages: { direction: string; body: string; author: string; status: string | null }[] };
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("Reply to an enquiry", () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: the reply is sent from the enquiry and shows in its thread, the visitor's text as text`, async () => {
      const marker = `Replyee${width}x${Date.now() % 100_000}`;
      const email = `${marker.toLowerCase()}@example.com`;
      const id = await sendEnquiry({
        first_name: marker,
        last_name: "Visitor",
        email,
        message: "Can you set up a 40-seat centre in Pune?\n<b>Not bold</b> <img src=x onerror=alert(1)>",
      });
      const { page, errors } = await openSignedIn(browser, `/dashboard/enquiries?search=${marker}`, {
        viewport: { width, height: 900 },
      });
      await page.getByRole("button", { name: `Open enquiry from ${marker} Visitor` }).click();
      const dialog = page.getByRole("dialog", { name: `Enquiry from ${marker} Visitor` });
      const thread = dialog.getByRole("list", { name: "Messages, oldest first" });
      // The visitor's words are shown as they typed them, markup and all, never rendered.
      await thread.getByText("<b>Not bold</b> <img src=x onerror=alert(1)>", { exact: false }).waitFor();
      expect(await dialog.locator("b, img").count()).toBe(0);
      // No mail app: the answer is written here.
      expect(await dialog.locator('a[href^="mailto:"]').count()).toBe(0);

      const form = dialog.getByRole("form", { name: `Reply to ${email}` });
      expect(await form.getByLabel("Subject").inputValue()).toBe("Re: Your message to GCC View 360");
      await form.getByLabel("Subject").fill("");
      await form.getByRole("button", { name: "Send reply" }).click();
      await form.getByText("Write a subject").waitFor();
      await form.getByLabel("Subject").fill("Re: Your centre in Pune");
      await form
        .getByRole("textbox", { name: "Message", exact: true })
        .fill(`Dear ${marker},\n\nYes: shall we talk on Monday?`);
      await form.getByRole("button", { name: "Send reply" }).click();

      const reply = thread.getByRole("listitem").nth(1);
      await reply.getByText("Yes: shall we talk on Monday?", { exact: false }).waitFor();
      expect(await reply.getAttribute("aria-label")).toMatch(/^Reply from /);
      await reply.getByText("Re: Your centre in Pune").waitFor();
      // Its delivery as the outbox tells it (this server has no mail server: it is logged, not sent).
      await reply.getByText(/^(Queued|Sent|Not sent: no mail server is set)$/).waitFor();
      // The form is ready for the next reply.
      expect(await form.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe(
        `Dear ${marker},\n\n`,
      );

      const stored = await api<ThreadAnswer>("GET", `/api/contact_requests/${id}/thread`);
      expect(stored.data.messages.map((m) => m.direction)).toEqual(["in", "out"]);
      expect(stored.data.messages[1]!.body).toBe(`Dear ${marker},\n\nYes: shall we talk on Monday?`);

      await expectAccessible(page);
      expect(await noHorizontalScroll(page)).toBe(true);
      await shot(page, `reply-enquiry-${width}`);
      expect(errors).toEqual([]);
    });
  }
});

describe("Reply to a candidate", () => {
  async function newApplication(first: string) {
    const { data } = await api<{ data: { id: number } }>("POST", "/api/jobs", {
      job_title: `Payroll Lead ${Date.now() % 1_000_000}`,
      company: "GCC View 360",
      location: "Pune",
    });
    const id = await applyForJob(
      data.id,
      {
        first_name: first,
        last_name: "Candidate",
        email: `${first.toLowerCase()}.${Date.now()}@example.com`,
        phone: freshPhone(),
        cover_note: "I have run payroll for 400 people.",
      },
      samplePdf(),
    );
    return { jobId: data.id, id };
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px: Reject offers the filled-in mail, sends it as edited, and the application's thread shows it`, async () => {
      const first = `Reja${width}`;
      const { jobId, id } = await newApplication(first);
      const { page, errors } = await openSignedIn(browser, `/dashboard/applications?job_id=${jobId}`, {
        viewport: { width, height: 900 },
      });
      await page.getByLabel(`Stage of the application from ${first} Candidate`).selectOption("rejected");
      const dialog = page.getByRole("dialog", { name: `Reject ${first} Candidate` });
      await dialog.waitFor();
      const body = dialog.getByRole("textbox", { name: "Message", exact: true });
      await expect.poll(() => body.inputValue()).toContain(`Dear ${first},`);
      expect(await body.inputValue()).toContain("Thank you for applying for Payroll Lead");
      expect(await dialog.getByLabel("Subject").inputValue()).toBe("Your application to GCC View 360");
      await expectAccessible(page);
      await body.fill(`Dear ${first},\n\nThank you, and not this time: the role went to an internal move.`);
      await dialog.getByRole("button", { name: "Reject and send" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect
        .poll(
          async () =>
            (await api<{ data: { stage: string } }>("GET", `/api/job_applications/${id}`)).data.stage,
        )
        .toBe("rejected");

      await page.getByRole("button", { name: `Open application from ${first} Candidate` }).click();
      const detail = page.getByRole("dialog", { name: `Application from ${first} Candidate` });
      const thread = detail.getByRole("list", { name: "Messages, oldest first" });
      await thread.getByText("I have run payroll for 400 people.").waitFor();
      const sent = thread.getByRole("listitem").nth(1);
      await sent.getByText("the role went to an internal move.", { exact: false }).waitFor();
      await sent.getByText(/^(Queued|Sent|Not sent: no mail server is set)$/).waitFor();

      // A further reply from the application itself joins the thread after it.
      const form = detail.getByRole("form", { name: /^Reply to / });
      await form
        .getByRole("textbox", { name: "Message", exact: true })
        .fill(`Dear ${first},\n\nWe will keep your CV on file.`);
      await form.getByRole("button", { name: "Send reply" }).click();
      await thread.getByRole("listitem").nth(2).getByText("We will keep your CV on file.").waitFor();
      await sent.scrollIntoViewIfNeeded();

      const stored = await api<ThreadAnswer>("GET", `/api/job_applications/${id}/thread`);
      expect(stored.data.messages.map((m) => m.direction)).toEqual(["in", "out", "out"]);
      await expectAccessible(page);
      expect(await noHorizontalScroll(page)).toBe(true);
      await shot(page, `reply-candidate-${width}`);
      expect(errors).toEqual([]);
    });
  }

  it("Reject from the application's own stage offers the same mail and sends it with the move", async () => {
    const first = "Stagereject";
    const { jobId, id } = await newApplication(first);
    const { page, errors } = await openSignedIn(browser, `/dashboard/applications?job_id=${jobId}`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole("button", { name: `Open application from ${first} Candidate` }).click();
    const detail = page.getByRole("dialog", { name: `Application from ${first} Candidate` });
    await detail.getByLabel("Move to stage").selectOption("rejected");
    const subject = detail.getByRole("textbox", { name: "Subject", exact: true }).first();
    await expect.poll(() => subject.inputValue()).toBe("Your application to GCC View 360");
    await subject.fill("");
    await detail.getByRole("button", { name: "Change stage" }).click();
    // Refused before anything moves: the mail needs its subject.
    await detail.getByText("Write a subject").waitFor();
    expect((await api<{ data: { stage: string } }>("GET", `/api/job_applications/${id}`)).data.stage).toBe(
      "new",
    );
    await subject.fill("About your application");
    await detail.getByRole("button", { name: "Change stage" }).click();
    await expect
      .poll(
        async () => (await api<{ data: { stage: string } }>("GET", `/api/job_applications/${id}`)).data.stage,
      )
      .toBe("rejected");
    const thread = detail.getByRole("list", { name: "Messages, oldest first" });
    await thread.getByRole("listitem").nth(1).getByText("About your application").waitFor();
    expect(errors).toEqual([]);
  });

  it("Reject without the mail sends none", async () => {
    const first = "Quietreject";
    const { jobId, id } = await newApplication(first);
    const { page } = await openSignedIn(browser, `/dashboard/applications?job_id=${jobId}`, {
      viewport: { width: 390, height: 900 },
    });
    await page.getByLabel(`Stage of the application from ${first} Candidate`).selectOption("rejected");
    const dialog = page.getByRole("dialog", { name: `Reject ${first} Candidate` });
    await dialog.getByLabel(/thank you, not this time/).uncheck();
    expect(await dialog.getByLabel("Subject").count()).toBe(0);
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await expect
      .poll(
        async () => (await api<{ data: { stage: string } }>("GET", `/api/job_applications/${id}`)).data.stage,
      )
      .toBe("rejected");
    const stored = await api<ThreadAnswer>("GET", `/api/job_applications/${id}/thread`);
    expect(stored.data.messages).toHaveLength(1);
  });
});
