import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expertCta } from "#shared/content/navigation.ts";
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
      expect(await link.getAttribute("href")).toBe("/contact#contact-form");
      const box = await look(link);
      expect(box.filled).toBe(true);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(height);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page);

    await header.click();
    await page.waitForURL("**/contact#contact-form");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
  });

  it("lands on the contact form at 390 px, and the confirmation shows below the sticky header", async () => {
    const height = 844;
    const { page } = await browser.open("/", { viewport: { width: 390, height }, reducedMotion: "reduce" });
    await waitForHydration(page);
    await page.locator("header").getByRole("link", { name: expertCta.label }).click();
    await page.waitForURL("**/contact#contact-form");
    const headerBottom = await page.locator("header").evaluate((el) => el.getBoundingClientRect().bottom);
    /** The element's top and bottom: it must sit between the sticky header and the bottom of the screen. */
    const onScreen = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect());
    const heading = page.getByRole("heading", { name: "Request a Demo or Contact Us" });
    await expect.poll(async () => (await onScreen(heading)).top).toBeGreaterThanOrEqual(headerBottom);
    expect((await onScreen(heading)).bottom).toBeLessThanOrEqual(height);

    const form = page.locator("form");
    await form.getByLabel("First name").fill("Asha");
    await form.getByLabel("Last name").fill("Verma");
    await form.getByLabel("Official email").fill(`cta-${Date.now()}@example.com`);
    await form.getByLabel("Phone").fill("+91 98765 43210");
    await form
      .getByLabel("Message")
      .fill("We are planning a 50-person engineering centre in Pune next year.");
    await form.getByLabel(/I accept the privacy policy/).check();
    await page.getByRole("button", { name: "Send message" }).click();
    const confirmation = page.getByRole("status").filter({ hasText: "Message sent" });
    await confirmation.waitFor();
    await expect.poll(async () => (await onScreen(confirmation)).top).toBeGreaterThanOrEqual(headerBottom);
    expect((await onScreen(confirmation)).top).toBeLessThan(height);
  });

  it("stays in the header of inner pages on a phone", async () => {
    const { page } = await browser.open("/about-page", { viewport: { width: 320, height: 640 } });
    const header = page.locator("header").getByRole("link", { name: expertCta.label });
    const box = await look(header);
    expect(box.filled).toBe(true);
    expect(box.right).toBeLessThanOrEqual(320);
  });
});
