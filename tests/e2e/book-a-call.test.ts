import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";

const browser = setupBrowser();

let sequence = 0;
const email = () => `book-${Date.now()}-${++sequence}@example.com`;

/** The time a slot's radio button stands for, as the visitor's zone shows it (24-hour clock). */
const clockIn = (zone: string, iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));

/** Picks the first free slot (one tap on its tile) and answers the instant it stands for. */
async function pickFirstSlot(page: Page) {
  const radio = page.locator('input[name="start"]').first();
  const start = (await radio.getAttribute("value"))!;
  await page.locator("label.slot-option").first().click();
  expect(await radio.isChecked()).toBe(true);
  return start;
}

async function fillDetails(page: Page) {
  await page.getByLabel("Your name").fill("Asha Verma");
  await page.getByLabel("E-mail").fill(email());
  await page.getByLabel("Company").fill("Northwind Retail");
  await page.getByLabel("What would you like to talk about?").fill("<b>A 50-person centre</b> in Pune");
}

describe("Book a call", () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])("from the contact page, in the browser's own zone, at %i px", async (width, height) => {
    const zone = "America/New_York";
    const { page, errors } = await browser.open("/contact", {
      viewport: { width, height },
      timezoneId: zone,
    });
    await page.getByRole("link", { name: "Book a 30-minute call" }).click();
    // The page's small script shows the times in the browser's zone.
    await page.waitForURL(/\/book-a-call\?tz=America%2FNew_York$/);
    expect(await page.getByLabel("Your time zone").inputValue()).toBe(zone);
    await expectAccessible(page);

    const start = await pickFirstSlot(page);
    const firstTile = (await page.locator("label.slot-option").first().textContent())!.trim();
    expect(firstTile).toBe(clockIn(zone, start));
    await fillDetails(page);
    await page.getByRole("button", { name: "Book the call" }).click();
    await page.waitForURL("**/book-a-call/confirmed?**");
    const status = page.getByRole("status").filter({ hasText: "Your 30-minute call" });
    expect(await status.textContent()).toContain(clockIn(zone, start));
    expect(await status.textContent()).toContain(`In India: `);
    await expectAccessible(page);

    // The slot is taken: it is not offered again.
    await page.goto(`/book-a-call?tz=${encodeURIComponent(zone)}`);
    expect(await page.locator(`input[name="start"][value="${start}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("loads only its own small script, not React's", async () => {
    const { page } = await browser.open("/book-a-call", { viewport: { width: 390, height: 844 } });
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === "script")
        .map((e) => new URL(e.name).pathname),
    );
    expect(scripts).toEqual(["/book-a-call.js"]);
  });

  it("books without JavaScript: a zone from the list, a slot, the form; a missing slot is named", async () => {
    const { page } = await browser.newPage({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      timezoneId: "Europe/London",
    });
    await page.goto("/book-a-call");
    // No script: the server's default zone until the visitor picks theirs.
    expect(await page.getByLabel("Your time zone").inputValue()).toBe("Asia/Kolkata");
    await page.getByLabel("Your time zone").selectOption("Europe/London");
    await page.getByRole("button", { name: "Show times" }).click();
    await page.waitForURL(/tz=Europe%2FLondon/);
    // Later days are a plain link away.
    const firstDay = await page.locator('input[name="start"]').first().getAttribute("value");
    await page.getByRole("link", { name: "Later days" }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator('input[name="start"]').first().getAttribute("value")).not.toBe(firstDay);
    await page.getByRole("link", { name: "Earlier days" }).click();
    await page.waitForURL(/page=1/);

    await fillDetails(page);
    await page.getByRole("button", { name: "Book the call" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "The call could not be booked" });
    await summary.waitFor();
    expect(await summary.textContent()).toContain("Time: Choose a time for the call");
    // What was typed is kept.
    expect(await page.getByLabel("Company").inputValue()).toBe("Northwind Retail");

    const start = await pickFirstSlot(page);
    await page.getByRole("button", { name: "Book the call" }).click();
    await page.waitForURL("**/book-a-call/confirmed?**");
    const status = await page.getByRole("status").filter({ hasText: "Your 30-minute call" }).textContent();
    expect(status).toContain(clockIn("Europe/London", start));
    expect(status).toMatch(/\((GMT|BST)\)/);
  });

  it("draws a refused form accessibly, the summary linking to each field (1280 px)", async () => {
    // The page's forms post natively with or without JavaScript, so this is the page a refusal answers.
    const { page } = await browser.open("/book-a-call?tz=Asia%2FKolkata", {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByLabel("E-mail").fill("not an address");
    await page.getByRole("button", { name: "Book the call" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "The call could not be booked" });
    await summary.waitFor();
    expect(await summary.getByRole("link").allTextContents()).toEqual([
      "Time: Choose a time for the call",
      "Your name: Enter your name",
      "E-mail: Enter a valid e-mail address",
    ]);
    expect(await page.getByLabel("E-mail").inputValue()).toBe("not an address");
    expect(await page.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
  });

  it("refuses a slot someone else booked meanwhile, and says to pick another", async () => {
    const first = await browser.newPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const second = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    for (const { page } of [first, second]) await page.goto("/book-a-call");
    for (const { page } of [first, second]) {
      await pickFirstSlot(page);
      await fillDetails(page);
    }
    await first.page.getByRole("button", { name: "Book the call" }).click();
    await first.page.waitForURL("**/book-a-call/confirmed?**");
    await second.page.getByRole("button", { name: "Book the call" }).click();
    const summary = second.page.getByRole("alert").filter({ hasText: "The call could not be booked" });
    await summary.waitFor();
    expect(await summary.textContent()).toContain(
      "This time is no longer free. Pick another time from the list.",
    );
  });
});
