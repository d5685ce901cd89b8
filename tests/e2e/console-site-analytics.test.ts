import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { openSignedIn } from "./support/console";

/**
 * The owners see what brings visitors and enquiries: a visitor from a campaign reads two pages (the second
 * through the app's own navigation) and sends an enquiry; Site analytics shows the campaign with its
 * conversion, the pages and the day's visitors.
 */
const browser = setupBrowser();
// Headless Chromium says so in its user agent, and bots are not counted: the visitor is an ordinary Chrome.
const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: CHROME };

describe("Site analytics", () => {
  it("shows a campaign's visitor, the pages read and the enquiry it brought, at 390 and 1280 px", async () => {
    const campaign = `e2e-${Date.now()}`;
    // The blog's list hydrates React, so the next page comes through the app's own navigation.
    const { page, errors } = await browser.open(`/blog?utm_source=newsletter&utm_campaign=${campaign}`, {
      ...phone,
      locale: "en-IN",
    });
    await waitForHydration(page);
    // A client-side navigation fetches the page's data, not its HTML: it counts too.
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests.push(new URL(request.url()).pathname);
    });
    await page
      .locator('a[href="/about-page"]')
      .first()
      .evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL("**/about-page");
    expect(dataRequests).toContain("/about-page.data");
    const sent = await page.evaluate(async () => {
      const res = await fetch("/api/contact_requests", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          first_name: "Meera",
          last_name: "Iyer",
          email: `meera.${Date.now()}@example.com`,
          message: "We would like to talk about a GCC in Chennai for 120 engineers.",
          privacy_consent: true,
        }),
      });
      return res.status;
    });
    expect(sent).toBe(201);
    expect(errors).toEqual([]);
    // A visitor's longest campaign name, one word: the phone's screen wraps it rather than scrolling sideways.
    const long = `wide-${Date.now()}-${"x".repeat(80)}`;
    const landed = await fetch(`${baseURL()}/?utm_campaign=${long}`, {
      headers: { "user-agent": CHROME.replace("Pixel 8", "Pixel 9") }, // another visitor: a visitor has one source a day
    });
    expect(landed.status).toBe(200);

    for (const width of [390, 1280]) {
      const opened = await openSignedIn(browser, "/dashboard/site-analytics", {
        viewport: { width, height: 900 },
      });
      const screen = opened.page;
      await screen.getByRole("heading", { level: 1, name: "Site analytics" }).waitFor();
      const sources = screen.getByRole("region", { name: "Sources" });
      // The recorder writes every two seconds: reload until the campaign is there.
      await expect
        .poll(
          async () => {
            await screen.reload();
            await screen.getByRole("heading", { level: 1, name: "Site analytics" }).waitFor();
            return sources
              .getByRole("listitem")
              .filter({ hasText: `Campaign: ${campaign}` })
              .textContent({ timeout: 3_000 })
              .catch(() => "");
          },
          { timeout: 20_000, interval: 500 },
        )
        .toMatch(/1 conversion/);
      const pages = await screen.getByRole("region", { name: "Pages" }).textContent();
      expect(pages).toContain("/about-page");
      expect(await sources.textContent()).toContain(`Campaign: ${long}`);
      expect(await screen.getByRole("region", { name: "Countries" }).textContent()).toContain("India");
      expect(await screen.locator("[data-kpi=conversions]").textContent()).toMatch(/Conversions[1-9]/);
      expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(screen);
      expect(opened.errors).toEqual([]);
    }
  });
});
