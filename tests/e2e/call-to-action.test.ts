import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expertCta } from "../../shared/content/navigation";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

/** Where the element sits, and whether it looks like a button (a filled background) rather than a menu word. */
const look = (link: Locator) =>
  link.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const background = getComputedStyle(el).backgroundColor;
    return {
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      filled: background !== "rgba(0, 0, 0, 0)" && background !== "transparent",
    };
  });

describe("Talk to an expert", () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])("is a button in the header and in the hero, in the first screen at %i px", async (width, height) => {
    const { page } = await browser.open("/", { viewport: { width, height } });
    await waitForHydration(page);
    const header = page.locator("header").getByRole("link", { name: expertCta.label });
    const hero = page
      .getByRole("region", { name: "Highlights" })
      .locator('[aria-roledescription="slide"]')
      .first()
      .getByRole("link", { name: expertCta.label });
    for (const link of [header, hero]) {
      expect(await link.getAttribute("href")).toBe("/contact");
      const box = await look(link);
      expect(box.filled).toBe(true);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(height);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page);

    await header.click();
    await page.waitForURL("**/contact");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
  });

  it("stays in the header of inner pages on a phone", async () => {
    const { page } = await browser.open("/about-page", { viewport: { width: 320, height: 640 } });
    const header = page.locator("header").getByRole("link", { name: expertCta.label });
    const box = await look(header);
    expect(box.filled).toBe(true);
    expect(box.right).toBeLessThanOrEqual(320);
  });
});
