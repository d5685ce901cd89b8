import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJob, daysAgo, startSite, type RunningSite } from "../support/factories";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { startOwnServer } from "./support/own-server";

// Its own server: the console tests post and close jobs on the shared one, and this file counts the open ones.
const ownSite = startOwnServer();
const browser = setupBrowser(ownSite);

interface Job {
  id: number;
  job_title: string;
  company: string;
  location: string;
  salary: string;
  job_description: string;
  requirements: string;
}
const openJobs = async (): Promise<Job[]> => (await fetch(`${ownSite()}/api/post_jobs/`)).json();
// The spec's preview rule, written out independently of the app's code.
const expectedPreview = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= 80) return text;
  if (text.length <= 120) return `${text}…`;
  // At most 120 characters, whole words only.
  const words = /\s/.test(text[120]!) ? text.slice(0, 120) : text.slice(0, 120).replace(/\s+\S*$/, "");
  return `${words.replace(/[\s,;:.\-–—]+$/, "")}…`;
};
const cardTitles = (page: Page) => page.locator("article h2").allTextContents();

describe("careers page", () => {
  it("lists open jobs newest first with company - location, a rupee salary and a plain-text preview", async () => {
    const jobs = await openJobs();
    const { page, errors, status } = await browser.open("/Careers-page");
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Open Positions");
    expect(await page.getByPlaceholder("Search jobs...").count()).toBe(1);
    expect(await cardTitles(page)).toEqual(jobs.map((j) => j.job_title));
    expect(jobs.map((j) => j.job_title)).not.toContain("QA Automation Engineer");
    expect(jobs[0]?.job_title).toBe("HR Operations Intern");

    for (const [i, job] of jobs.entries()) {
      const card = page.locator("article").nth(i);
      const texts = await card.locator("p").allTextContents();
      expect(texts[0]).toBe(`${job.company} - ${job.location}`);
      expect(texts[1]).toBe(`₹${job.salary}`);
      expect(texts[2]).toBe(expectedPreview(job.job_description));
    }
    const short = page.locator("article").filter({ hasText: "HR Operations Intern" }).locator("p").nth(2);
    expect(await short.textContent()).toBe("Six-month paid internship supporting our HR operations team.");
    const long = await page
      .locator("article")
      .filter({ hasText: "Senior Talent Acquisition Partner" })
      .locator("p")
      .nth(2)
      .textContent();
    expect(long).toMatch(/^We are looking for an experienced Talent Acquisition Partner.{40,}…$/);
    expect(long!.length).toBeLessThanOrEqual(121);
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("filters live and case-insensitively over title, company, location, salary, description and requirements", async () => {
    const { page } = await browser.open("/Careers-page");
    await waitForHydration(page);
    const search = page.getByPlaceholder("Search jobs...");
    const cases: [string, string[]][] = [
      ["HR OPERATIONS intern", ["HR Operations Intern"]],
      ["northwind", ["Data Engineer"]],
      ["bengaluru", ["GCC Program Manager (Build-Operate-Transfer)"]],
      ["38,00,000", ["GCC Program Manager (Build-Operate-Transfer)"]],
      ["Retail Analytics", ["Data Engineer"]],
      ["AIRFLOW", ["Data Engineer"]],
    ];
    for (const [query, titles] of cases) {
      await search.fill(query);
      await expect.poll(() => cardTitles(page)).toEqual(titles);
    }
    await search.fill("quantum blockchain");
    await page.getByText("No jobs match “quantum blockchain”.").waitFor();
    expect(await page.locator("article").count()).toBe(0);
    await page.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => page.locator("article").count()).toBe(5);
    expect(await search.inputValue()).toBe("");
  });

  it("finds a job by every word of a two-word search, and keeps the search in the address through a reload", async () => {
    const { page } = await browser.open("/Careers-page");
    await waitForHydration(page);
    const search = page.getByPlaceholder("Search jobs...");
    await search.fill("payroll compliance");
    await expect.poll(() => cardTitles(page)).toContain("Payroll & Compliance Specialist");
    const found = await cardTitles(page);
    expect(found.length).toBeLessThan(5);
    await page.waitForURL("**/Careers-page?q=payroll+compliance");
    await page.reload();
    await waitForHydration(page);
    expect(await search.inputValue()).toBe("payroll compliance");
    expect(await cardTitles(page)).toEqual(found);
    await page.getByText(`${found.length} of 5 open positions match your search.`).waitFor();
  });

  it("shows the details in a dialog with Close and Apply, and returns focus", async () => {
    const { page, errors } = await browser.open("/Careers-page");
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "View Details about Data Engineer" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Data Engineer" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const facts = await dialog.locator("dd").allTextContents();
    expect(facts).toEqual([
      "Northwind Retail Technology Centre",
      "Hyderabad",
      "₹18,00,000 - 26,00,000 per annum",
    ]);
    expect(await dialog.locator(".prose-content p").first().textContent()).toMatch(
      /^Join a growing retail analytics GCC/,
    );
    expect(await dialog.locator(".prose-content li").allTextContents()).toEqual([
      "4+ years of data engineering experience",
      "Strong SQL and Python; experience with Spark or a similar engine",
      "Hands-on experience with a major cloud data platform",
      "Familiarity with orchestration tools such as Airflow",
    ]);
    const apply = dialog.getByRole("link", { name: "Apply", exact: true });
    expect(await apply.getAttribute("href")).toMatch(/^\/careers-details\?jobId=\d+#apply$/);
    const byMail = dialog.getByRole("link", { name: "Apply by e-mail", exact: true });
    expect(new URL((await byMail.getAttribute("href"))!).searchParams.get("subject")).toBe(
      "Application for Data Engineer at Northwind Retail Technology Centre",
    );
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "View Details about Data Engineer",
    );

    await opener.click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("Apply on a card leads to the job's on-site form; the dialog keeps a mail draft with the spec's subject as a small link", async () => {
    const { page } = await browser.open("/Careers-page");
    const href = await page
      .getByRole("link", { name: "Apply for Senior Talent Acquisition Partner" })
      .getAttribute("href");
    expect(href).toMatch(/^\/careers-details\?jobId=\d+#apply$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "View Details about Senior Talent Acquisition Partner" }).click();
    const byMail = page.getByRole("dialog").getByRole("link", { name: "Apply by e-mail" });
    const draft = new URL((await byMail.getAttribute("href"))!);
    expect(draft.protocol + draft.pathname).toBe("mailto:hr@example.com");
    expect(draft.searchParams.get("subject")).toBe(
      "Application for Senior Talent Acquisition Partner at GCC View 360",
    );
    expect(draft.searchParams.get("body")).toMatch(
      /^Dear Hiring Team,\n\nI would like to apply for the Senior Talent Acquisition Partner position at GCC View 360\./,
    );
  });

  it("shows only 'No internet connection' while offline and the jobs again when online", async () => {
    const { page } = await browser.open("/Careers-page");
    await waitForHydration(page);
    await page.context().setOffline(true);
    await page.getByText("No internet connection").waitFor();
    expect((await page.locator("body").innerText()).trim()).toBe("No internet connection");
    await page.context().setOffline(false);
    await page.getByRole("heading", { name: "Open Positions" }).waitFor();
    expect(await page.locator("article").count()).toBe(5);
  });
});

describe("careers with more open jobs than one page", () => {
  let site: RunningSite;
  beforeAll(async () => {
    // Demo content (5 open jobs, all newer) plus 30 older ones: 35 open jobs, three pages of 12.
    site = await startSite({
      seed: async (db) => {
        for (let i = 1; i <= 30; i++) {
          await createJob(db, {
            jobTitle: `Analyst ${i}`,
            location: i === 17 ? "Shillong" : "Pune",
            createdAt: daysAgo(200 + i),
          });
        }
      },
    });
  }, 120_000);
  afterAll(() => site?.close());

  it("shows 12 jobs per page with links between the pages", async () => {
    const { page, errors } = await browser.open(`${site.url}/Careers-page`);
    await waitForHydration(page);
    expect(await page.locator("article").count()).toBe(12);
    await page.getByText("35 open positions, page 1 of 3").waitFor();
    const pager = page.getByRole("navigation", { name: "Job pages" });
    expect(await pager.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    // A slow answer keeps the page change pending long enough to see what the status line says meanwhile.
    await page.route(
      (url) => url.pathname === "/Careers-page.data",
      async (route) => {
        await new Promise((done) => setTimeout(done, 600));
        await route.continue();
      },
    );
    await page.evaluate(() => {
      const line = document.querySelector("p[aria-live='polite']")!;
      const seen: string[] = [];
      new MutationObserver(() => seen.push(line.textContent ?? "")).observe(line, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      (window as unknown as { statusLines: string[] }).statusLines = seen;
    });
    await pager.getByRole("link", { name: "Page 3" }).click();
    await page.waitForURL("**/Careers-page?page=3");
    await expect
      .poll(() => cardTitles(page))
      .toEqual(Array.from({ length: 11 }, (_, i) => `Analyst ${20 + i}`));
    const statusLines = await page.evaluate(
      () => (window as unknown as { statusLines: string[] }).statusLines,
    );
    expect(statusLines).toContain("35 open positions, page 3 of 3");
    expect(statusLines).not.toContain("Searching…");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).search).toBe("?page=3");
    expect((await fetch(`${site.url}/Careers-page?page=4`)).status).toBe(404);
    expect((await fetch(`${site.url}/Careers-page?page=2abc`)).status).toBe(404);
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("searches every open job on the server as the visitor types, and clears back to page 1", async () => {
    const { page, errors } = await browser.open(`${site.url}/Careers-page?page=2`);
    await waitForHydration(page);
    const search = page.getByPlaceholder("Search jobs...");
    await search.fill("SHILLONG");
    await page.waitForURL("**/Careers-page?q=SHILLONG");
    await expect.poll(() => cardTitles(page)).toEqual(["Analyst 17"]);
    await page.getByText("1 of 35 open positions match your search.").waitFor();
    expect(await page.getByRole("navigation", { name: "Job pages" }).count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    await search.fill("no such role anywhere");
    await page.getByText("No jobs match “no such role anywhere”.").waitFor();
    await page.getByRole("button", { name: "Clear" }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => page.locator("article").count()).toBe(12);
    expect(await search.inputValue()).toBe("");
    expect(errors).toEqual([]);
  });

  it("answers a search link without script, and refuses an over-long search with a message", async () => {
    const html = await (await fetch(`${site.url}/Careers-page?q=shillong`)).text();
    expect(html).toContain("Analyst 17");
    expect(html).not.toContain("Analyst 18<");
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="shillong"/);

    const { page, status } = await browser.open(`${site.url}/Careers-page?q=${"x".repeat(101)}`);
    expect(status).toBe(400);
    const alert = page.getByRole("alert").filter({ hasText: "Search text" });
    expect(await alert.textContent()).toBe("Search text can be at most 100 characters.");
    await page.getByRole("link", { name: "See every open position" }).waitFor();
  });
});

describe("job page", () => {
  it("shows the job with its lists, posted date, apply link, share links and JobPosting data", async () => {
    const { page, errors, status } = await browser.open("/careers-details?jobId=1");
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Senior Talent Acquisition Partner",
    );
    const facts = await page.locator("main ul").first().locator("li").allTextContents();
    expect(facts.slice(0, 3)).toEqual([
      "Location: Ghaziabad",
      "Type: Full-time",
      "Salary: ₹12,00,000 - 18,00,000 per annum",
    ]);
    const posted = await page.locator("time").textContent();
    expect(posted).toMatch(
      /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    expect(await page.getByText(`Posted on ${posted}`).count()).toBe(1);
    expect(await page.locator("#responsibilities-heading + div li").count()).toBe(5);
    expect(await page.locator("#requirements-heading + div li").allTextContents()).toContain(
      "Confident working with international stakeholders",
    );
    expect(await page.locator(".prose-content p").first().textContent()).toMatch(
      /^We are looking for an experienced/,
    );

    expect(await page.getByRole("link", { name: "Apply Now" }).getAttribute("href")).toBe("#apply");
    const apply = await page.getByRole("link", { name: "Or apply by e-mail" }).getAttribute("href");
    expect(new URL(apply!).searchParams.get("subject")).toBe(
      "Application for Senior Talent Acquisition Partner at GCC View 360",
    );

    const pageUrl = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(pageUrl!).pathname + new URL(pageUrl!).search).toBe("/careers-details?jobId=1");
    const share = page.getByRole("region", { name: "Share this job" }).getByRole("link");
    expect(await share.count()).toBe(4);
    const expected = {
      Facebook: "facebook.com",
      Twitter: "twitter.com",
      LinkedIn: "linkedin.com",
      WhatsApp: "wa.me",
    };
    for (const [i, [name, host]] of Object.entries(expected).entries()) {
      const link = share.nth(i);
      expect(await link.textContent()).toContain(name);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      const href = (await link.getAttribute("href"))!;
      expect(new URL(href).hostname).toContain(host);
      expect(href).toContain(encodeURIComponent(pageUrl!));
    }

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "JobPosting");
    expect(posting).toMatchObject({
      title: "Senior Talent Acquisition Partner",
      datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization", name: "GCC View 360" },
      jobLocation: { "@type": "Place", address: { addressLocality: "Ghaziabad", addressCountry: "IN" } },
      baseSalary: { currency: "INR", value: { minValue: 1_200_000, maxValue: 1_800_000, unitText: "YEAR" } },
    });
    expect(posting.description).toContain("<p>We are looking for");
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("marks a remote job as telecommuting", async () => {
    const { page } = await browser.open("/careers-details?jobId=4");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "JobPosting");
    expect(posting).toMatchObject({ jobLocationType: "TELECOMMUTE", employmentType: "PART_TIME" });
  });

  it.each(["?jobId=999999", "?jobId=abc", "?jobId=1.5", "?jobId=-1", "?jobId=01", ""])(
    "answers /careers-details%s with 'Job not found', 404 and noindex",
    async (query) => {
      const { page, status } = await browser.open(`/careers-details${query}`);
      expect(status).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Job not found");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    },
  );

  it("keeps the 'Job not found' page accessible", async () => {
    const { page } = await browser.open("/careers-details?jobId=999999");
    await expectAccessible(page);
  });

  it("says a closed job takes no applications (410, noindex, accessible) instead of 'Job not found'", async () => {
    // Job 6 of the demo content is closed.
    const { page, status } = await browser.open("/careers-details?jobId=6");
    expect(status).toBe(410);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This position is closed");
    await page
      .getByText(
        "Applications for “QA Automation Engineer” are no longer taken, because the position is no longer open.",
      )
      .waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectAccessible(page);
  });
});

describe("careers when loading fails", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({
      patch: (services) => {
        services.careers.getOpenJobPage = () => Promise.reject(new Error("database unavailable"));
        services.careers.listOpenPage = () => Promise.reject(new Error("database unavailable"));
      },
    });
  }, 120_000);
  afterAll(() => site?.close());

  it("shows 'Job not found' and is not indexed", async () => {
    const { page, status } = await browser.open(`${site.url}/careers-details?jobId=1`);
    expect(status).toBe(503);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Job not found");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });

  it("says the open positions could not be loaded", async () => {
    const { page, status } = await browser.open(`${site.url}/Careers-page`);
    expect(status).toBeGreaterThanOrEqual(500);
    const alert = page.getByRole("alert").filter({ hasText: "open positions" });
    expect(await alert.textContent()).toBe(
      "We could not load the open positions just now. Please try again in a moment.",
    );
    await expectAccessible(page);
  });
});
