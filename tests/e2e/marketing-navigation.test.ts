import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { modelOverviewRedirects } from "#shared/content/models.ts";
import { baseURL, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

const PAGES = [
  "/",
  "/about-page",
  "/contact",
  "/consulting-services",
  "/products/click-100",
  "/details/features",
  "/details/initiation",
  "/details/build-operator",
  "/build-operator/bot_modal",
  "/managed-teams/relationship",
];

/** Every link on the page (header menus, mobile menu, footer and content), whether visible or not. */
async function links(page: Page) {
  return page
    .locator("a")
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href") ?? "", text: a.textContent?.trim() ?? "" })),
    );
}

describe("links", () => {
  it("header, mobile menu, footer and page links all resolve, and in-page anchors have targets", async () => {
    const internal = new Set<string>();
    for (const path of PAGES) {
      const { page } = await browser.open(path, { viewport: { width: 375, height: 800 } });
      await waitForHydration(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      const dialog = page.getByRole("dialog", { name: "Menu" });
      await dialog.waitFor();
      for (const group of await dialog
        .getByRole("button", { name: /^(Models|Solutions|Products|About)$/ })
        .all()) {
        await group.click();
      }
      for (const { href, text } of await links(page)) {
        expect(href, `empty link "${text}" on ${path}`).not.toBe("");
        expect(href, `placeholder link "${text}" on ${path}`).not.toBe("#");
        if (href.startsWith("#")) {
          expect(await page.locator(href).count(), `${href} on ${path}`).toBe(1);
        } else if (href.startsWith("/")) {
          internal.add(href.split("#")[0]!);
        } else {
          expect(href, `link "${text}" on ${path}`).toMatch(/^(https:|mailto:|tel:)/);
        }
      }
    }
    // The menus promised by the spec are among them.
    for (const path of ["/details/initiation", "/build-operator/initiation", "/managed-teams/relationship"]) {
      expect(internal.has(path)).toBe(true);
    }
    expect(internal.size).toBeGreaterThan(25);
    const broken: string[] = [];
    const redirects: Record<string, string> = modelOverviewRedirects;
    for (const href of internal) {
      const res = await fetch(`${baseURL()}${href}`, { redirect: "manual" });
      // The spec's model links answer with their own model's overview: a permanent redirect, nothing else.
      const expected = redirects[href];
      if (
        expected &&
        res.status === 301 &&
        new URL(res.headers.get("location")!, baseURL()).pathname === expected
      )
        internal.add(expected);
      else if (res.status !== 200) broken.push(`${href} → ${res.status}`);
    }
    expect(broken).toEqual([]);
    // It walks every marketing page in a phone-sized browser: minutes on a busy two-core CI machine.
  }, 180_000);

  it("every button on the marketing pages has an accessible name", async () => {
    for (const path of ["/", "/about-page", "/contact", "/details/initiation"]) {
      const { page } = await browser.open(path);
      const unnamed = await page
        .locator("button")
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => !(b.getAttribute("aria-label") || b.textContent?.trim()))
            .map((b) => b.outerHTML.slice(0, 80)),
        );
      expect(unnamed, path).toEqual([]);
    }
  });
});

describe("scroll position", () => {
  it("is kept when moving between GCC phase pages and reset when leaving them", async () => {
    const { page } = await browser.open("/details/initiation");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    const menu = page.getByRole("navigation", { name: "GCC journey" });
    await menu.getByRole("link", { name: "2. GCC Implementation" }).click();
    await page.waitForURL("**/details/implementation");
    await page.getByRole("heading", { level: 1, name: /GCC Implementation/ }).waitFor();
    await page.waitForTimeout(300);
    // Not reset to the top; the browser's scroll anchoring may nudge it by the difference in content height.
    const kept = await page.evaluate(() => window.scrollY);
    expect(Math.abs(kept - 700)).toBeLessThan(120);

    await menu.getByRole("link", { name: "3. GCC Ongoing Support" }).click();
    await page.waitForURL("**/details/ongoing-support");
    await page.waitForTimeout(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - kept)).toBeLessThan(120);

    // Leaving the section scrolls back to the top.
    await page.locator("footer").getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL("**/contact");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("is kept between Build Operate Transfer phases", async () => {
    const { page } = await browser.open("/build-operator/initiation");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page
      .getByRole("navigation", { name: "Build Operate Transfer phases" })
      .getByRole("link", { name: "3. Operate" })
      .click();
    await page.waitForURL("**/build-operator/operate");
    await page.getByRole("heading", { level: 1, name: "Phase 3: Operate" }).waitFor();
    await page.waitForTimeout(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - 600)).toBeLessThan(120);
  });

  it("Back and Forward return to where the reader was; a new navigation starts at the top (390 px)", async () => {
    const { page } = await browser.open("/blog", { viewport: { width: 390, height: 844 } });
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 700));
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(600);
    // The middle of a post's link that is on screen there: a click at that point scrolls nothing first.
    const target = await page.evaluate(() => {
      const box = [...document.querySelectorAll('main a[href^="/blog/"]')]
        .map((a) => a.getBoundingClientRect())
        .find((r) => r.height > 0 && r.top > 80 && r.bottom < window.innerHeight - 20);
      return box && { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    expect(target).toBeTruthy();
    await page.mouse.click(target!.x, target!.y);
    await page.waitForURL(/\/blog\/\d+/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);

    await page.goBack();
    await page.waitForURL(/\/blog$/);
    // Settled, not passing through: a smooth scroll to the top would start from the restored position.
    await page.waitForTimeout(1200);
    await expect.poll(() => page.evaluate((y) => Math.abs(window.scrollY - y), listY)).toBeLessThan(5);
    await page.goForward();
    await page.waitForURL(/\/blog\/\d+/);
    await page.waitForTimeout(1200);
    await expect.poll(() => page.evaluate(() => Math.abs(window.scrollY - 500))).toBeLessThan(5);
    // A reload keeps the place too (the browser's own restoration).
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(500);
    await expect.poll(() => page.evaluate(() => Math.abs(window.scrollY - 500))).toBeLessThan(5);
    // A link followed anew (not Back) starts at the top again, even to a page visited before.
    await page.locator('aside a[href="/blog"]').click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
