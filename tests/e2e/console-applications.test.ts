import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../support/cv-files";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, applyForJob, callApi, freshPhone, openSignedIn } from "./support/console";

/** The hiring team's side on the shared server: the board, bulk moves, the Jobs counts and a job's questions. */
const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

type Stage = "new" | "screening" | "interview" | "offer" | "hired" | "rejected";

const api = <T>(method: string, path: string, body?: object) => callApi<T>(token, method, path, body);

/** A job of this test's own, so its applications are the only ones on its board. */
async function newJob(title: string, questions: object[] = []) {
  const { data } = await api<{ data: { id: number } }>("POST", "/api/jobs", {
    job_title: `${title} ${Date.now() % 1_000_000}`,
    company: "GCC View 360",
    location: "Pune",
    questions,
  });
  return data.id;
}

/** An application from a candidate of this name (a fresh e-mail and phone each time). */
const applyTo = (jobId: number, first: string, answers: Record<string, string> = {}) =>
  applyForJob(
    jobId,
    {
      first_name: first,
      last_name: "Candidate",
      email: `${first.toLowerCase()}.${Date.now()}@example.com`,
      phone: freshPhone(),
      ...answers,
    },
    samplePdf(),
  );

const stageOf = async (id: number) =>
  (await api<{ data: { stage: Stage; reject_reason: string | null } }>("GET", `/api/job_applications/${id}`))
    .data;
const card = (page: Page, id: number) => page.locator(`[data-card="${id}"]`).locator("[data-board-card]");
const columnOf = (page: Page, id: number) =>
  page
    .locator(`[data-card="${id}"]`)
    .evaluate((el) => el.closest("[data-column]")?.getAttribute("data-column"));
const announced = (page: Page) => page.locator("[id^=DndLiveRegion]").textContent();
const focusedCard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[data-card]")?.getAttribute("data-card"));

async function openBoard(jobId: number, width = 1280) {
  const opened = await openSignedIn(browser, `/dashboard/applications?layout=board&job_id=${jobId}`, {
    viewport: { width, height: 900 },
  });
  await opened.page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
  await opened.page.locator("[data-card]").first().waitFor();
  return opened;
}

/** Lifts the focused card with Space, carries it right through the columns `via`, and drops it with Space. */
async function carry(page: Page, name: string, via: string[]) {
  await page.keyboard.press("Space");
  await expect.poll(() => announced(page)).toContain(`Picked up ${name}`);
  // dnd-kit listens for the arrow keys from a setTimeout after the lift: let the page's timers run first.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (const column of via) {
    await page.keyboard.press("ArrowRight");
    // One column per key press: the next waits for this one to land (the sensor reads the columns' boxes).
    await expect.poll(() => announced(page)).toContain(`is over ${column}`);
  }
  await page.keyboard.press("Space");
}

describe("Applications board", () => {
  it("moves a card through every stage by keyboard to Hired, Undo puts it back, and Rejected asks why", async () => {
    const jobId = await newJob("Board keyboard");
    const id = await applyTo(jobId, "Kavya");
    const name = "Kavya Candidate";
    const { page, errors } = await openBoard(jobId);
    await expectAccessible(page);
    await card(page, id).focus();
    const stages: [Stage, string][] = [
      ["screening", "Screening"],
      ["interview", "Interview"],
      ["offer", "Offer"],
      ["hired", "Hired"],
    ];
    for (const [stage, label] of stages) {
      await carry(page, name, [label]);
      await expect.poll(() => columnOf(page, id)).toBe(stage);
      await page
        .locator("[data-toast]")
        .filter({ hasText: `${name} moved to ${label}.` })
        .waitFor();
      await expect.poll(async () => (await stageOf(id)).stage).toBe(stage);
      // The focus stays on the card in its new column, ready for the next move.
      await expect.poll(() => focusedCard(page)).toBe(String(id));
    }
    // Space lifted the card each time: it never opened the application.
    expect(await page.getByRole("dialog").count()).toBe(0);

    const hired = page.locator("[data-toast]").filter({ hasText: `${name} moved to Hired.` });
    await hired.getByRole("button", { name: "Undo" }).click();
    await page.getByText(`${name} is back in Offer.`).waitFor();
    await expect.poll(() => columnOf(page, id)).toBe("offer");
    await expect.poll(async () => (await stageOf(id)).stage).toBe("offer");

    // Offer → Hired → Rejected: the drop asks for the reason first; Cancel leaves it where it was.
    await card(page, id).focus();
    await carry(page, name, ["Hired", "Rejected"]);
    const dialog = page.getByRole("dialog", { name: `Reject ${name}` });
    await dialog.waitFor();
    expect(await columnOf(page, id)).toBe("offer");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/applications-board-reject-1280.png" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await stageOf(id)).stage).toBe("offer");

    await card(page, id).focus();
    await carry(page, name, ["Hired", "Rejected"]);
    await dialog.waitFor();
    await dialog.getByLabel("Reason").selectOption("withdrew");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => columnOf(page, id)).toBe("rejected");
    await expect
      .poll(() => stageOf(id))
      .toEqual(expect.objectContaining({ stage: "rejected", reject_reason: "withdrew" }));
    // Enter still opens the application, with the whole history.
    await card(page, id).focus();
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog", { name: `Application from ${name}` });
    await detail.getByText(/Offer → Rejected \(Withdrew\)/).waitFor();
    expect(errors).toEqual([]);
  });

  it("moves a card by dragging it with the mouse", async () => {
    const jobId = await newJob("Board mouse");
    const id = await applyTo(jobId, "Arjun");
    const { page } = await openBoard(jobId);
    const from = (await card(page, id).boundingBox())!;
    const to = (await page.locator('[data-column="interview"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => columnOf(page, id)).toBe("interview");
    await expect.poll(async () => (await stageOf(id)).stage).toBe("interview");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("remembers the layout an operator chose, and fits and reads well at 390 and 1280 px", async () => {
    const jobId = await newJob("Board screens");
    await applyTo(jobId, "Meher");
    const { page } = await openSignedIn(browser, "/dashboard/applications", {
      viewport: { width: 1280, height: 900 },
    });
    const layout = page.getByRole("group", { name: "Applications layout" });
    await layout.getByRole("button", { name: "Board" }).click();
    await page.locator("[data-column]").first().waitFor();
    await page.goto("/dashboard/applications");
    await waitForHydration(page);
    await page.waitForURL(/layout=board/);
    await layout.getByRole("button", { name: "List" }).click();
    await page.getByRole("table").waitFor();
    await page.goto("/dashboard/applications");
    await waitForHydration(page);
    await page.getByRole("table").waitFor();
    expect(page.url()).not.toContain("layout=board");
    await page.context().close();

    for (const width of [390, 1280]) {
      const { page: board } = await openBoard(jobId, width);
      await board.mouse.move(0, 0);
      await expectAccessible(board);
      expect(await board.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      await board.screenshot({ path: `/tmp/applications-board-${width}.png`, fullPage: width === 1280 });
      await board.context().close();
    }
  });
});

describe("Applications list", () => {
  it("selects all matching and moves them to a stage, then rejects them with a reason", async () => {
    const jobId = await newJob("Bulk");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await applyTo(jobId, `Bulk${i}`));
    const { page, errors } = await openSignedIn(browser, `/dashboard/applications?job_id=${jobId}`, {
      viewport: { width: 1280, height: 900 },
    });
    await expect.poll(() => page.locator("tbody tr").count()).toBe(10);
    // The phone is a link that dials; the candidate is answered from the application (recorded), not by mailto:.
    const row = page.getByRole("row", { name: /Bulk11 Candidate/ });
    await row.getByText(/^bulk11\.\d+@example\.com$/).waitFor();
    expect(await row.locator('a[href^="mailto:"]').count()).toBe(0);
    expect(await row.getByRole("link", { name: /^\+91/ }).getAttribute("href")).toMatch(/^tel:\+91/);

    await page
      .getByRole("checkbox", { name: /Select all/ })
      .first()
      .check();
    await page.getByRole("button", { name: "Select all 12 matching" }).click();
    await page.getByText("All 12 applications matching are selected.").waitFor();
    await page.getByRole("button", { name: "Move selected (12)" }).click();
    const dialog = page.getByRole("dialog", { name: "Move 12 applications" });
    await dialog.getByLabel("Stage").selectOption("screening");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Move" }).click();
    await page.getByText("12 applications moved to Screening.").waitFor();
    for (const id of ids) expect((await stageOf(id)).stage).toBe("screening");

    // Two ticked by hand (the newest, on the first page), rejected with a reason.
    await page.getByRole("checkbox", { name: `Select row ${ids[11]}` }).check();
    await page.getByRole("checkbox", { name: `Select row ${ids[10]}` }).check();
    await page.getByRole("button", { name: "Move selected (2)" }).click();
    const two = page.getByRole("dialog", { name: "Move 2 applications" });
    await two.waitFor();
    await two.getByLabel("Stage").selectOption("rejected");
    await two.getByLabel("Reason").selectOption("duplicate");
    await two.getByRole("button", { name: "Move" }).click();
    await page.getByText("2 applications moved to Rejected.").waitFor();
    expect(await stageOf(ids[11]!)).toMatchObject({ stage: "rejected", reject_reason: "duplicate" });
    expect(await stageOf(ids[10]!)).toMatchObject({ stage: "rejected", reject_reason: "duplicate" });
    expect((await stageOf(ids[0]!)).stage).toBe("screening");
    expect(errors).toEqual([]);
  });

  it("offers every job in the Job filter", async () => {
    const jobCount = async () =>
      (await api<{ total_no_of_data: number }>("GET", "/api/jobs?page_size=10")).total_no_of_data;
    const before = await jobCount();
    const { page } = await openSignedIn(browser, "/dashboard/applications");
    await page.getByRole("button", { name: "Filters" }).click();
    const job = page.getByRole("dialog").getByLabel("Job");
    // "All jobs" and one option per job; other files may add jobs meanwhile, so between the counts either side.
    await expect.poll(() => job.locator("option").count()).toBeGreaterThanOrEqual(before + 1);
    expect(await job.locator("option").count()).toBeLessThanOrEqual((await jobCount()) + 1);
  });
});

describe("Jobs and their questions", () => {
  it("shows each job's application count on the Jobs screen", async () => {
    const jobId = await newJob("Counted");
    await applyTo(jobId, "Counted1");
    await applyTo(jobId, "Counted2");
    const { jobs_data } = await api<{ jobs_data: { id: number; job_title: string }[] }>(
      "GET",
      `/api/jobs?search=Counted`,
    );
    const title = jobs_data.find((j) => j.id === jobId)!.job_title;
    const { page } = await openSignedIn(browser, "/dashboard/jobs");
    await page.getByLabel("Search", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const link = page.getByRole("link", { name: `2 applications for ${title}` });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`/dashboard/applications?job_id=${jobId}`);
  });

  it("an editor adds, reorders and removes questions; the job page asks them, with and without JavaScript", async () => {
    const title = `Questions ${Date.now() % 1_000_000}`;
    const { page, errors } = await openSignedIn(browser, "/dashboard/jobs", {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole("button", { name: "Post a job" }).click();
    const form = page.getByRole("dialog", { name: "Post a job" });
    await form.getByLabel("Job title").fill(title);
    await form.getByLabel("Location").fill("Pune");
    const question = (n: number) => form.locator("[data-question]").nth(n);
    const add = form.getByRole("button", { name: "Add a question" });
    await add.click();
    await question(0).getByLabel("Question", { exact: true }).fill("Expected salary?");
    await question(0).getByLabel("Required").check();
    await add.click();
    await question(1).getByLabel("Question", { exact: true }).fill("Can you work in Pune?");
    await question(1).getByLabel("Answer").selectOption("yes_no");
    await add.click();
    await question(2).getByLabel("Question", { exact: true }).fill("Preferred shift");
    await question(2).getByLabel("Answer").selectOption("choice");
    await question(2).getByLabel("Choices").fill("Day\nNight");
    await question(2).getByLabel("Required").check();
    await form.getByRole("button", { name: "Move question 3 up" }).click();
    // The focus stays with the moved question.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toMatch(/^Move question 2 (up|down)$/);
    await form.getByRole("button", { name: "Remove question 3" }).click();
    expect(await form.locator("[data-question]").count()).toBe(2);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/job-questions-1280.png", fullPage: true });
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Job posted.").waitFor();
    const { jobs_data } = await api<{
      jobs_data: { id: number; job_title: string; questions: { id: string; label: string }[] }[];
    }>("GET", `/api/jobs?search=${encodeURIComponent(title)}`);
    const job = jobs_data.find((j) => j.job_title === title)!;
    expect(job.questions.map((q) => q.label)).toEqual(["Expected salary?", "Preferred shift"]);
    expect(errors).toEqual([]);

    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const fill = async (p: Page) => {
      const apply = p.locator("#apply form");
      await apply.getByLabel("First name").fill("Quest");
      await apply.getByLabel("Last name").fill("Candidate");
      await apply.getByLabel("E-mail").fill(`quest.${Date.now()}@example.com`);
      await apply.getByLabel("Phone").fill("98765 43210");
      await apply
        .getByLabel(/^CV/)
        .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: samplePdf() });
      await apply.getByLabel(/I agree that my application and CV are processed/).check();
      return apply;
    };
    // With JavaScript: the required questions are checked before anything is sent.
    const candidate = await browser.open(`/careers-details?jobId=${job.id}`, phone);
    await waitForHydration(candidate.page);
    const apply = await fill(candidate.page);
    await apply.getByRole("button", { name: "Send application" }).click();
    // Beside each question, and in the summary at the top, which takes the focus and links to the question.
    await apply.getByText("Answer this question", { exact: true }).waitFor();
    await apply.getByText("Choose one of the options", { exact: true }).waitFor();
    const summary = candidate.page
      .getByRole("alert")
      .filter({ hasText: "Expected salary?: Answer this question" });
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await summary.getByRole("link", { name: /^Expected salary\?/ }).click();
    expect(await apply.getByLabel(/^Expected salary\?/).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await expectAccessible(candidate.page);
    await candidate.page.screenshot({ path: "/tmp/job-questions-form-390.png", fullPage: true });
    await apply.getByLabel(/^Expected salary\?/).fill("18 LPA");
    await apply.getByRole("radio", { name: "Night" }).check();
    await apply.getByRole("button", { name: "Send application" }).click();
    await candidate.page.getByRole("heading", { name: "Application received" }).waitFor();

    // Without JavaScript: the server checks them and the page names the question.
    const plain = await browser.open(`/careers-details?jobId=${job.id}`, {
      ...phone,
      javaScriptEnabled: false,
    });
    const form2 = await fill(plain.page);
    await form2.getByLabel(/^Expected salary\?/).fill("20 LPA");
    await form2.getByRole("button", { name: "Send application" }).click();
    // The same words as with the script, and what was typed is kept.
    await plain.page.locator("#apply").getByText("Choose one of the options", { exact: true }).waitFor();
    await plain.page
      .getByRole("alert")
      .getByRole("link", { name: "Preferred shift: Choose one of the options" })
      .waitFor();
    expect(await form2.getByLabel(/^Expected salary\?/).inputValue()).toBe("20 LPA");

    // The hiring team reads the answers in the application.
    const list = await api<{ applications_data: { id: number }[] }>(
      "GET",
      `/api/job_applications?job_id=${job.id}`,
    );
    const { page: consolePage } = await openSignedIn(
      browser,
      `/dashboard/applications?open=${list.applications_data[0]!.id}`,
    );
    const detail = consolePage.getByRole("dialog", { name: "Application from Quest Candidate" });
    await detail.getByText("1. Expected salary?").waitFor();
    expect(await detail.getByText("18 LPA").count()).toBe(1);
    expect(await detail.getByText("Night").count()).toBe(1);
    expect(await detail.getByRole("link", { name: "+91 98765 43210" }).getAttribute("href")).toBe(
      "tel:+919876543210",
    );
    await expectAccessible(consolePage);
  });
});
