import { mkdirSync } from "node:fs";
import { it } from "vitest";
import { setupBrowser } from "./support/browser";

const browser = setupBrowser();
const DIR = "/work/wt/shots";

it("takes the booking steps' screenshots", async () => {
  mkdirSync(DIR, { recursive: true });
  for (const width of [320, 1280]) {
    const { page } = await browser.open("/book-a-call", {
      viewport: { width, height: 900 },
      timezoneId: "Europe/London",
    });
    await page.waitForURL(/tz=Europe%2FLondon/);
    await page.screenshot({ path: `${DIR}/book-1-slots-${width}.png`, fullPage: false });
    await page.locator("label.slot-option").nth(1).click();
    await page.screenshot({ path: `${DIR}/book-1b-picked-${width}.png` });
    await page.getByLabel("Your name").fill("Asha Verma");
    await page.getByLabel("E-mail").fill(`shots-${width}-${Date.now()}@example.com`);
    await page.getByLabel("Company").fill("Northwind Retail");
    await page
      .getByLabel("What would you like to talk about?")
      .fill("A 50-person engineering centre in Pune.");
    await page
      .getByRole("heading", { name: "2. Your details" })
      .or(page.getByText("2. Your details"))
      .first()
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${DIR}/book-2-details-${width}.png` });
    await page.getByRole("button", { name: "Book the call" }).click();
    await page.waitForURL("**/book-a-call/confirmed?**");
    await page.screenshot({ path: `${DIR}/book-3-confirmed-${width}.png` });
    const contact = await browser.open("/contact#contact-form", { viewport: { width, height: 900 } });
    await contact.page.screenshot({ path: `${DIR}/book-0-contact-${width}.png` });
  }
}, 120_000);
