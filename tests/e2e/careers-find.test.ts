import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { samplePdf } from "../support/cv-files";
import { decodedText, sortedSubjects } from "../support/smtp";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * A candidate on a phone finds a job or none: every Apply leads to the on-site form, the list narrows by
 * location and type with the search, and an empty list offers a way on, down to a general application that
 * reaches the hiring team's Applications like any other.
 */
const browser = setupBrowser(() => site());
const { site, smtp } = startOwnMailServer({ publicAddress: false, env: { MAIL_RETRY_BASE_MS: "100" } });

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const noScript = { ...phone, javaScriptEnabled: false };
const titles = (page: Page) => page.locator("article h2").allTextContents();
const applyForm = (page: Page) => page.locator("#apply form");

async function expectJobForm(page: Page, title: string) {
  await page.waitForURL(/\/careers-details\?jobId=\d+#apply$/);
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await applyForm(page).getByRole("button", { name: "Send application" }).waitFor();
}

describe("Apply on the careers list", () => {
  it("a card's Apply opens the job's on-site form, with and without JavaScript", async () => {
    const { page, errors } = await browser.open("/Careers-page", phone);
    await waitForHydration(page);
    const apply = page.getByRole("link", { name: "Apply for Data Engineer" });
    expect(await apply.getAttribute("href")).toMatch(/^\/careers-details\?jobId=\d+#apply$/);
    // No card sends the candidate to a mail draft.
    expect(await page.locator('article a[href^="mailto:"]').count()).toBe(0);
    await apply.click();
    await expectJobForm(page, "Data Engineer");
    // The form is on screen, not somewhere below.
    await expect.poll(() => applyForm(page).evaluate((f) => f.getBoundingClientRect().top < 844)).toBe(true);

    const plain = await browser.open("/Careers-page", noScript);
    await plain.page.getByRole("link", { name: "Apply for HR Operations Intern" }).click();
    await expectJobForm(plain.page, "HR Operations Intern");
    expect(errors).toEqual([]);
  });

  it("the details dialog's Apply and the job page's Apply Now lead to the form; e-mail is a small link", async () => {
    const { page, errors } = await browser.open("/Careers-page", phone);
    await waitForHydration(page);
    await page.getByRole("button", { name: "View Details about Data Engineer" }).click();
    const dialog = page.getByRole("dialog", { name: "Data Engineer" });
    // The mail draft is a small link beside the form's Apply, not a button of its own.
    const draft = dialog.getByRole("link", { name: "Apply by e-mail" });
    expect(await draft.getAttribute("href")).toMatch(/^mailto:/);
    expect(await draft.getAttribute("class")).not.toMatch(/\bbtn-/);
    await dialog.getByRole("link", { name: "Apply", exact: true }).click();
    await expectJobForm(page, "Data Engineer");
    await expect.poll(() => dialog.count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Apply Now" }).click();
    await expect.poll(() => applyForm(page).evaluate((f) => f.getBoundingClientRect().top < 844)).toBe(true);
    // E-mail stays available as a plain link below the form, never as the main action.
    const byMail = page.getByRole("link", { name: "Or apply by e-mail" });
    expect(await byMail.getAttribute("href")).toMatch(/^mailto:/);
    expect(await byMail.evaluate((a) => a.classList.contains("btn-primary"))).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Filters on the careers list", () => {
  it("without JavaScript, location and type narrow the list, combine with the search, and stay in the address", async () => {
    const { page } = await browser.open("/Careers-page", noScript);
    expect(await titles(page)).toHaveLength(5);
    await page.getByLabel("Location").selectOption("Ghaziabad");
    await page.getByRole("button", { name: "Show jobs" }).click();
    await page.waitForURL(/location=Ghaziabad/);
    expect((await titles(page)).sort()).toEqual([
      "HR Operations Intern",
      "Senior Talent Acquisition Partner",
    ]);
    await page.getByText("2 of 5 open positions match your search.").waitFor();

    await page.getByLabel("Type").selectOption({ label: "Internship" });
    await page.getByRole("button", { name: "Show jobs" }).click();
    await page.waitForURL(/type=INTERN/);
    expect(await titles(page)).toEqual(["HR Operations Intern"]);
    expect(await page.getByLabel("Location").inputValue()).toBe("Ghaziabad");

    await page.getByLabel("Type").selectOption("");
    await page.getByPlaceholder("Search jobs...").fill("acquisition");
    await page.getByPlaceholder("Search jobs...").press("Enter");
    await page.waitForURL(/q=acquisition/);
    expect(new URL(page.url()).searchParams.get("location")).toBe("Ghaziabad");
    expect(await titles(page)).toEqual(["Senior Talent Acquisition Partner"]);
  });

  it("with JavaScript, the list follows the filters as they change, by keyboard too, and the address keeps them", async () => {
    const { page, errors } = await browser.open("/Careers-page", phone);
    await waitForHydration(page);
    const location = page.getByLabel("Location");
    await location.focus();
    // The options are in alphabetical order: All locations, Bengaluru, Ghaziabad, Hyderabad, Remote (India).
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => titles(page)).toEqual(["GCC Program Manager (Build-Operate-Transfer)"]);
    await location.selectOption("Ghaziabad");
    await expect.poll(async () => (await titles(page)).length).toBe(2);
    await page.getByLabel("Type").selectOption({ label: "Full-time" });
    await expect.poll(() => titles(page)).toEqual(["Senior Talent Acquisition Partner"]);
    await expect.poll(() => new URL(page.url()).search).toBe("?location=Ghaziabad&type=FULL_TIME");
    await expectAccessible(page);
    await page.getByPlaceholder("Search jobs...").fill("quantum");
    await page.getByText("No jobs match “quantum” in Ghaziabad, Full-time.").waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("quantum");
    await page.reload();
    await waitForHydration(page);
    await page.getByText("No jobs match “quantum” in Ghaziabad, Full-time.").waitFor();
    expect(await location.inputValue()).toBe("Ghaziabad");
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect.poll(async () => (await titles(page)).length).toBe(5);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
  });

  it("at 320 px each filter shows its whole choice", async () => {
    const { page } = await browser.open("/Careers-page", {
      ...noScript,
      viewport: { width: 320, height: 640 },
    });
    // The text a select shows must fit inside it, less its padding and the arrow (about 2.5rem).
    const room = (label: string) =>
      page.getByLabel(label).evaluate((select: HTMLSelectElement) => {
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = getComputedStyle(select).font;
        const shown = select.options[select.selectedIndex]!.text;
        return select.clientWidth - 40 - context.measureText(shown).width;
      });
    expect(await room("Location")).toBeGreaterThan(0);
    expect(await room("Type")).toBeGreaterThan(0);
  });

  it("refuses a type that is not one, with a message", async () => {
    const { page, status } = await browser.open("/Careers-page?type=ASTRONAUT", noScript);
    expect(status).toBe(400);
    await page.getByText(/Choose a job type from the list/).waitFor();
  });
});

describe("When nothing fits", () => {
  it("an empty search offers to clear it and a general application, with and without JavaScript", async () => {
    const { page, errors } = await browser.open("/Careers-page", phone);
    await waitForHydration(page);
    await page.getByPlaceholder("Search jobs...").fill("Chennai");
    const panel = page.getByRole("region", { name: "No jobs match “Chennai”." });
    await panel.waitFor();
    await expectAccessible(page);
    await panel.getByRole("link", { name: "Clear search and filters" }).click();
    await expect.poll(async () => (await titles(page)).length).toBe(5);
    expect(await page.getByPlaceholder("Search jobs...").inputValue()).toBe("");

    const plain = await browser.open("/Careers-page?q=Chennai&type=PART_TIME", noScript);
    const empty = plain.page.getByRole("region", { name: "No jobs match “Chennai” in Part-time." });
    await empty.waitFor();
    await empty.getByRole("link", { name: "Clear search and filters" }).click();
    await plain.page.waitForURL(/\/Careers-page$/);
    expect(await titles(plain.page)).toHaveLength(5);
    await plain.page.goto("/Careers-page?q=Chennai");
    await plain.page.getByRole("link", { name: "Send a general application" }).click();
    await plain.page.getByRole("heading", { level: 1, name: "General application" }).waitFor();
    expect(errors).toEqual([]);
  });

  async function fillGeneral(page: Page, email: string, name: string) {
    const form = applyForm(page);
    await form.getByLabel("First name").fill("Arun");
    await form.getByLabel("Last name").fill("Kumar");
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Phone").fill("98765 43210");
    await form.getByLabel(/^CV/).setInputFiles({ name, mimeType: "application/pdf", buffer: samplePdf() });
    await form.getByLabel("Cover note").fill("Backend engineer in Chennai, open to any team.");
    await form.getByLabel(/I agree that my application and CV are processed/).check();
  }

  it("a general application reaches Applications, labelled General application, with the confirmation mail", async () => {
    const { page, errors } = await browser.open("/careers-general-application", phone);
    const refusedOnce = /status of 400 \(Bad Request\)/;
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    // The same form and rules as a job's: a refusal names the field.
    await applyForm(page).getByRole("button", { name: "Send application" }).click();
    await page.getByText("Your application was not sent").waitFor();
    await fillGeneral(page, "arun.kumar@example.com", "Arun CV.pdf");
    await applyForm(page).getByRole("button", { name: "Send application" }).click();
    await page.waitForURL("**/careers-details/applied?general=1");
    await page.getByRole("heading", { name: "Application received" }).waitFor();
    await expectAccessible(page);
    await expect
      .poll(() => sortedSubjects(smtp()), { timeout: 20_000 })
      .toEqual([
        "New application: General application from Arun Kumar",
        "We received your application: General application",
      ]);
    const confirmation = smtp().received.find((m) => m.subject.startsWith("We received"))!;
    expect(confirmation.to).toEqual(["arun.kumar@example.com"]);
    expect(decodedText(confirmation.raw).replace(/\s+/g, " ")).toContain(
      "Thank you for your general application to GCC View 360.",
    );

    // Without JavaScript, the same address again: kept beside the first, the same confirmation page.
    const plain = await browser.open("/careers-general-application", noScript);
    await fillGeneral(plain.page, "Arun.Kumar@example.com", "cv-2.pdf");
    await plain.page.getByRole("button", { name: "Send application" }).click();
    await plain.page.getByRole("heading", { name: "Application received" }).waitFor();
    expect(plain.page.url()).toBe(`${site()}/careers-details/applied?general=1`);
    await expect
      .poll(() =>
        smtp().received.filter((m) => m.subject === "Sent again: General application from Arun Kumar"),
      )
      .toHaveLength(1);

    const res = await fetch(`${site()}/api/job_applications?general=true`, {
      headers: { authorization: `Bearer ${await adminToken(site())}` },
    });
    const list = (await res.json()) as {
      applications_data: { general: boolean; job_id: number | null; email: string; resubmissions: number }[];
    };
    expect(list.applications_data).toEqual([
      expect.objectContaining({
        general: true,
        job_id: null,
        email: "arun.kumar@example.com",
        resubmissions: 1,
      }),
    ]);

    const console = await openSignedIn(browser, "/dashboard/applications", { baseURL: site() });
    const row = console.page.getByRole("row", { name: /Arun Kumar/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("General application");
    // The Kind filter narrows the list to general applications, and "For a job" leaves them out.
    const filterBy = async (kind: string) => {
      await console.page.getByRole("button", { name: /^Filters/ }).click();
      await console.page.getByRole("dialog").getByLabel("Kind").selectOption({ label: kind });
      await console.page.getByRole("button", { name: "Apply filters" }).click();
    };
    await filterBy("General");
    await console.page.waitForURL(/general=true/);
    const rows = console.page.locator("tbody tr");
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining("Arun Kumar")]);
    await filterBy("For a job");
    await console.page.waitForURL(/general=false/);
    await expect.poll(async () => (await rows.allTextContents()).join("\n")).not.toContain("Arun Kumar");
    // The one refused post above is the browser's only complaint.
    expect(errors.filter((e) => !refusedOnce.test(e))).toEqual([]);
    expect(console.errors).toEqual([]);
  });
});
