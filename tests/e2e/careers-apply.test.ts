import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SITE_NAME } from "#shared/site.ts";
import { executable, samplePdf } from "../support/cv-files";
import { sortedSubjects } from "../support/smtp";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * A candidate applies on the job page of the built server, which sends its mail through a real SMTP
 * server; the hiring team finds the application in the console and moves it.
 */
const browser = setupBrowser();
const { site, smtp } = startOwnMailServer({ publicAddress: false, env: { MAIL_RETRY_BASE_MS: "100" } });

/** Calls this file's server's API as the e2e admin; an answer of 300 or more fails the test. */
async function asAdmin<T>(method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${site()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(site())}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const JOB = "Senior Talent Acquisition Partner";
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function fillApplication(page: Page, email: string, cv: Buffer, name = "Meera CV.pdf") {
  const form = page.locator("#apply form");
  await form.getByLabel("First name").fill("Meera");
  await form.getByLabel("Last name").fill("Iyer");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Phone").fill("98765 43210");
  await form.getByLabel(/^CV/).setInputFiles({ name, mimeType: "application/pdf", buffer: cv });
  await form.getByLabel("Cover note").fill("Six years of hiring for capability centres in Pune.");
  await form.getByLabel(/I agree that my application and CV are processed/).check();
}

describe("Applying for a job", () => {
  it("a candidate applies on a 390 px phone with a PDF: confirmation page and e-mail; applying again looks the same", async () => {
    const { page, errors } = await browser.open(`${site()}/careers-details?jobId=1`, phone);
    await waitForHydration(page);
    // The form fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expect(await page.getByRole("link", { name: "privacy policy" }).first().getAttribute("href")).toBe(
      "/privacy",
    );

    await fillApplication(page, "meera.iyer@example.com", samplePdf());
    await page.getByRole("button", { name: "Send application" }).click();
    await page.waitForURL("**/careers-details/applied?jobId=1");
    await page.getByRole("heading", { name: "Application received" }).waitFor();
    expect(await page.getByText(`Thank you for applying for ${JOB}.`).count()).toBe(1);
    const firstPage = await page.locator("main").innerText();
    await expectAccessible(page);
    await expect
      .poll(() => sortedSubjects(smtp()), { timeout: 20_000 })
      .toEqual([`New application: ${JOB} from Meera Iyer`, `We received your application: ${JOB}`]);
    const confirmation = smtp().received.find((m) => m.subject.startsWith("We received"))!;
    expect(confirmation.to).toEqual(["meera.iyer@example.com"]);

    // The same address for the same job, as anyone who knows it could send it: the same page, with and
    // without JavaScript; the team hears of it, the address gets no second mail today.
    await page.goto(`${site()}/careers-details?jobId=1`);
    await waitForHydration(page);
    await fillApplication(page, "Meera.Iyer@example.com", samplePdf("Updated CV"), "cv-2.pdf");
    await page.getByRole("button", { name: "Send application" }).click();
    await page.getByRole("heading", { name: "Application received" }).waitFor();
    expect(page.url()).toBe(`${site()}/careers-details/applied?jobId=1`);
    expect(await page.locator("main").innerText()).toBe(firstPage);
    const plain = await browser.open(`${site()}/careers-details?jobId=1`, {
      ...phone,
      javaScriptEnabled: false,
    });
    await fillApplication(plain.page, "MEERA.IYER@example.com", samplePdf("Third CV"), "cv-3.pdf");
    await plain.page.getByRole("button", { name: "Send application" }).click();
    await plain.page.getByRole("heading", { name: "Application received" }).waitFor();
    expect(plain.page.url()).toBe(`${site()}/careers-details/applied?jobId=1`);
    expect(await plain.page.locator("main").innerText()).toBe(firstPage);
    // An address written by hand that once told a repeat apart shows the same page too.
    await plain.page.goto(`${site()}/careers-details/applied?jobId=1&updated=1`);
    expect(await plain.page.locator("main").innerText()).toBe(firstPage);
    await expect
      .poll(() => smtp().received.filter((m) => m.subject === `Sent again: ${JOB} from Meera Iyer`).length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(smtp().received.filter((m) => m.subject.startsWith("We received"))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("shows the server's message inline for a file that is no PDF, with and without JavaScript", async () => {
    const { page } = await browser.open(`${site()}/careers-details?jobId=1`, phone);
    await waitForHydration(page);
    await fillApplication(page, "ravi@example.com", executable(), "cv.pdf");
    await page.getByRole("button", { name: "Send application" }).click();
    const message = page.getByText("Upload your CV as a PDF or Word (.docx) document.", { exact: true });
    await message.waitFor();
    expect(await page.getByLabel(/^CV/).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);

    const plain = await browser.open(`${site()}/careers-details?jobId=1`, {
      ...phone,
      javaScriptEnabled: false,
    });
    await fillApplication(plain.page, "ravi@example.com", executable(), "cv.pdf");
    await plain.page.getByRole("button", { name: "Send application" }).click();
    // The job page's action answers with the API's own message, as the script shows it.
    await plain.page
      .locator("#apply")
      .getByText("Upload your CV as a PDF or Word (.docx) document.", { exact: true })
      .waitFor();
    expect(await plain.page.getByLabel(/^CV/).getAttribute("aria-invalid")).toBe("true");
    expect(await plain.page.getByLabel("E-mail").inputValue()).toBe("ravi@example.com");
  });

  it("refuses a 6 MB CV with the form's message, with JavaScript before sending and without it after the post", async () => {
    const big = Buffer.concat([samplePdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const { page } = await browser.open(`${site()}/careers-details?jobId=1`, phone);
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await fillApplication(page, "big.cv@example.com", big, "big.pdf");
    await page.getByRole("button", { name: "Send application" }).click();
    await page.locator("#apply").getByText("The CV must be 5 MB or smaller.", { exact: true }).waitFor();
    expect(await page.getByLabel(/^CV/).getAttribute("aria-invalid")).toBe("true");
    // The focus is on the summary at the top of the form, whose link leads to the CV field.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(
      /^Your application was not sent.*The CV must be 5 MB or smaller\./,
    );
    expect(posts).toEqual([]);
    await expectAccessible(page);

    const plain = await browser.open(`${site()}/careers-details?jobId=1`, {
      ...phone,
      javaScriptEnabled: false,
    });
    await fillApplication(plain.page, "big.cv@example.com", big, "big.pdf");
    await plain.page.getByRole("button", { name: "Send application" }).click();
    // Refused before the body is read (a declared length over the limit), yet the form, not a JSON 413.
    await plain.page
      .locator("#apply")
      .getByText("The CV must be 5 MB or smaller.", { exact: true })
      .waitFor();
    expect(await plain.page.getByLabel(/^CV/).getAttribute("aria-invalid")).toBe("true");
    await plain.page.screenshot({ path: "/tmp/careers-too-large-nojs-390.png", fullPage: true });
  });

  it("a job closed while the candidate fills the form refuses the application with a clear message, with and without JavaScript", async () => {
    const title = `Closing Soon Analyst ${Date.now() % 1_000_000}`;
    const posted = { job_title: title, company: "GCC View 360", location: "Pune" };
    const { data: job } = await asAdmin<{ data: { id: number } }>("POST", "/api/jobs", posted);
    const path = `${site()}/careers-details?jobId=${job.id}`;
    const { page, errors } = await browser.open(path, phone);
    await waitForHydration(page);
    const plain = await browser.open(path, { ...phone, javaScriptEnabled: false });
    await fillApplication(page, "late.js@example.com", samplePdf());
    await fillApplication(plain.page, "late.plain@example.com", samplePdf());
    await asAdmin("PATCH", `/api/jobs/${job.id}`, { ...posted, status: "closed" });

    // With JavaScript: the server's message in the form.
    await page.getByRole("button", { name: "Send application" }).click();
    await page
      .getByRole("alert")
      .filter({
        hasText: `Applications for "${title}" are closed: the position is no longer open. See our other open positions on the careers page.`,
      })
      .waitFor();
    await expectAccessible(page);
    // Chromium logs the refused request itself; nothing else went wrong on the page.
    expect(errors.filter((e) => !/status of 409 \(Conflict\)/.test(e))).toEqual([]);

    // Without JavaScript: the job's page says the position is closed (not "Job not found").
    await plain.page.getByRole("button", { name: "Send application" }).click();
    await plain.page.getByRole("heading", { level: 1, name: "This position is closed" }).waitFor();
    expect(await plain.page.getByRole("heading", { level: 1 }).textContent()).toBe("This position is closed");
    expect(await plain.page.locator("main").getByRole("alert").textContent()).toBe(
      `Your application was not sent: applications for “${title}” are no longer taken, because the position is no longer open.`,
    );
    expect(await plain.page.getByRole("link", { name: "See all open positions" }).getAttribute("href")).toBe(
      "/Careers-page",
    );
    // Axe needs scripts: the same address, read with them; a closed job is Gone and never indexed.
    const shown = await browser.open(path, phone);
    expect(shown.status).toBe(410);
    expect(await shown.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectAccessible(shown.page);

    // Nothing was stored for either candidate.
    const stored = await asAdmin<{ total_no_of_data: number }>(
      "GET",
      `/api/job_applications?job_id=${job.id}`,
    );
    expect(stored.total_no_of_data).toBe(0);
  });

  it("an expired job's page says it takes no applications; an unknown job is still 'Job not found'", async () => {
    const title = `Expired Analyst ${Date.now() % 1_000_000}`;
    const { data: job } = await asAdmin<{ data: { id: number } }>("POST", "/api/jobs", {
      job_title: title,
      company: "GCC View 360",
      location: "Pune",
      valid_through: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const expired = await browser.open(`${site()}/careers-details?jobId=${job.id}`, phone);
    expect(expired.status).toBe(410);
    expect(await expired.page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "This position is closed",
    );
    await expired.page
      .getByText(`Applications for “${title}” are no longer taken, because the position is no longer open.`)
      .waitFor();
    expect(await expired.page.locator("#apply form").count()).toBe(0);
    expect(await expired.page.title()).toBe(`Position closed: ${title} | ${SITE_NAME}`);

    const unknown = await browser.open(`${site()}/careers-details?jobId=999999&error=closed`, phone);
    expect(unknown.status).toBe(404);
    expect(await unknown.page.getByRole("heading", { level: 1 }).textContent()).toBe("Job not found");
  });

  it("the job page's JobPosting says applications are taken on the site (directApply)", async () => {
    const html = await (await fetch(`${site()}/careers-details?jobId=1`)).text();
    const postings = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as { "@type"?: string; directApply?: boolean })
      .filter((d) => d["@type"] === "JobPosting");
    expect(postings).toHaveLength(1);
    expect(postings[0]!.directApply).toBe(true);
  });

  it("the privacy policy page renders and the contact form links to it", async () => {
    const { page } = await browser.open(`${site()}/privacy`);
    await page.getByRole("heading", { level: 1, name: "Privacy policy" }).waitFor();
    // Until an admin writes one, the default text states the retention setting's days (180), the longer
    // period for a kept CV (365), the backups' days and the info address, and claims nothing the site does not do.
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("This happens 180 days after we decided on your application (rejected or hired)");
    expect(text).toContain(
      "If you agreed that we keep your CV for future openings, these periods are 365 days",
    );
    expect(text).toContain("by writing to info@example.com.");
    // How long a backup made before an erasure keeps the data: the backup setting's days (30).
    expect(text).toContain(
      "no backup made afterwards contains it. Backups made before keep it until they are deleted, at most 30 days after they were made",
    );
    expect(text).not.toMatch(/India|third parties/);
    await expectAccessible(page);
    const contact = await browser.open(`${site()}/contact`);
    expect(await contact.page.getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe(
      "/privacy",
    );
  });

  it("an admin's privacy text from Site settings is what /privacy shows, as text, with the days it states", async () => {
    const { page, errors } = await openSignedIn(browser, "/dashboard/settings", { baseURL: site() });
    const policy = page.getByLabel("Privacy policy");
    await policy.waitFor();
    try {
      await policy.fill(
        "Edited policy: we answer within 30 days.\n\nSecond paragraph with <b>tags</b> shown as text.\nA second line.",
      );
      await page.getByLabel("Anonymise applications after (days)").fill("90");
      await page.getByLabel("Keep backups for at most (days)").fill("60");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
      expect(errors).toEqual([]);

      const shown = await browser.open(`${site()}/privacy`);
      const paragraphs = shown.page.locator("main p.whitespace-pre-line");
      expect(await paragraphs.allInnerTexts()).toEqual([
        "Edited policy: we answer within 30 days.",
        "Second paragraph with <b>tags</b> shown as text.\nA second line.",
      ]);
      expect(await shown.page.locator("main b").count()).toBe(0);
      // The application form states the new days beside the link to the policy.
      const job = await browser.open(`${site()}/careers-details?jobId=1`);
      await job.page.getByText("they are anonymised 90 days after my application is decided").waitFor();

      // Emptied again, the default text returns, with the setting's days.
      await policy.fill("");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved." }).last().waitFor();
      await shown.page.reload();
      await shown.page.getByText(/This happens 90 days after we decided on your application/).waitFor();
      await shown.page
        .getByText(/Backups made before keep it until they are deleted, at most 60 days/)
        .waitFor();
    } finally {
      // The days go back to the default for the rest of this file.
      const current = await asAdmin<{ data: Record<string, unknown> }>("GET", "/api/site_settings");
      await asAdmin("PUT", "/api/site_settings", {
        ...current.data,
        privacy_policy: "",
        application_retention_days: 180,
        backup_days: 30,
      });
    }
  });

  it("the application appears in the console, changes stage, and Undo puts it back", async () => {
    const { page, errors } = await openSignedIn(browser, "/dashboard/applications", { baseURL: site() });
    const row = page.getByRole("row", { name: /Meera Iyer/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(JOB);
    await expectAccessible(page);

    const stage = row.getByRole("combobox", { name: "Stage of the application from Meera Iyer" });
    await stage.focus();
    await stage.selectOption("screening");
    await page.getByText("Meera Iyer moved to Screening.").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Meera Iyer is back in New.").waitFor();
    await expect.poll(() => stage.inputValue()).toBe("new");

    await stage.selectOption("interview");
    await page.getByText("Meera Iyer moved to Interview.").waitFor();
    await row.getByRole("button", { name: /^Open/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Six years of hiring for capability centres in Pune.").first().waitFor();
    expect(await dialog.getByText(/New → Interview/).count()).toBe(1);
    // The application keeps its first CV; the two later posts are shown beside it, each with its own.
    expect(await dialog.getByRole("button", { name: "Download CV (Meera CV.pdf)" }).count()).toBe(1);
    await dialog.getByRole("heading", { name: "Sent again with this address (2)" }).waitFor();
    for (const name of ["cv-2.pdf", "cv-3.pdf"])
      expect(
        await dialog.getByRole("button", { name: new RegExp(`^Download CV sent .*\\(${name}\\)$`) }).count(),
      ).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
