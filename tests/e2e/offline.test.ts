import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();
const PHONE = { viewport: { width: 375, height: 800 } };
const NOTICE = "No internet connection";
// The inline loader runs on pages that hydrate React; the site script's own offline screen: shell.test.ts.
const HYDRATED = "/contact";

/** Keeps in window.mostNotices the largest number of notices visible in any one frame. */
const COUNT_NOTICES_EVERY_FRAME = `
  window.mostNotices = 0;
  requestAnimationFrame(function count() {
    const shown = [...document.querySelectorAll('[role="alert"]')].filter(
      (e) => e.textContent === ${JSON.stringify(NOTICE)} && e.checkVisibility(),
    );
    window.mostNotices = Math.max(window.mostNotices, shown.length);
    requestAnimationFrame(count);
  });`;

const mostNoticesAtOnce = (page: Page) =>
  page.evaluate(() => (window as unknown as { mostNotices: number }).mostNotices);
const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");
const isScript = (url: string) => /\/assets\/[^/]+\.js$/.test(url);

/** The offline view as the hydrated app shows it: one visible alert with the notice, the content hidden. */
async function expectNoticeAlone(page: Page) {
  await page.getByText(NOTICE).waitFor();
  expect((await page.locator("body").innerText()).trim()).toBe(NOTICE);
  expect(await page.getByRole("alert").filter({ hasText: NOTICE }).count()).toBe(1);
}

/** When the page's document started; a reload would start a new one. */
const documentStart = (page: Page) => page.evaluate(() => performance.timeOrigin);

/** Back online: the notice is gone, the page has hydrated in the same document, and the phone menu opens. */
async function expectInteractiveWithoutReload(page: Page, started: number) {
  await waitForHydration(page);
  expect(await page.getByText(NOTICE).count()).toBe(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).waitFor();
  expect(await documentStart(page)).toBe(started);
  expect(await mostNoticesAtOnce(page)).toBe(1);
}

describe("offline before hydration", () => {
  it("shows only 'No internet connection' when the connection drops right after load, then hydrates once back online", async () => {
    const { page } = await browser.newPage(PHONE, COUNT_NOTICES_EVERY_FRAME);
    await page.goto(HYDRATED);
    await page.context().setOffline(true);
    const started = await documentStart(page);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expectInteractiveWithoutReload(page, started);
  });

  it("retries a load that failed mid-way once back online, fetching only the scripts that failed", async () => {
    const { page } = await browser.newPage(PHONE, COUNT_NOTICES_EVERY_FRAME);
    const context = page.context();
    const loaded: string[] = [];
    const failed: string[] = [];
    page.on("requestfinished", (r) => isScript(r.url()) && loaded.push(r.url()));
    page.on("requestfailed", (r) => isScript(r.url()) && failed.push(r.url()));
    // The first two scripts load; the connection drops as the third is requested, so the rest fail.
    let requested = 0;
    let dropped: Promise<void> | undefined;
    await page.route("**/assets/*.js", async (route) => {
      if (++requested > 2) {
        dropped ??= expect
          .poll(() => loaded.length)
          .toBe(2)
          .then(() => context.setOffline(true));
        await dropped;
      }
      await route.continue();
    });
    await page.goto(HYDRATED);
    const started = await documentStart(page);
    await expectNoticeAlone(page);
    await expect.poll(() => failed.length).toBeGreaterThan(0);
    expect(await isHydrated(page)).toBe(false);
    await context.setOffline(false);
    await expectInteractiveWithoutReload(page, started);
    expect(failed.filter((url) => !loaded.includes(url))).toEqual([]);
    expect(new Set(loaded).size).toBe(loaded.length);
  });

  it("hands the notice over to React when the page hydrates offline, looking the same and never shown twice", async () => {
    const { page } = await browser.newPage(PHONE, COUNT_NOTICES_EVERY_FRAME);
    const context = page.context();
    // The scripts arrive only after the connection has dropped, as requests already in flight do.
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      await delivered;
      await route.fulfill({ response });
    });
    await page.goto(HYDRATED);
    const started = await documentStart(page);
    // The module script is inserted last, once every preload has been requested.
    await expect.poll(() => page.locator('script[type="module"]').count()).toBe(1);
    await context.setOffline(true);
    await expectNoticeAlone(page);
    expect(await isHydrated(page)).toBe(false);
    const beforeHydration = await page.screenshot();
    deliver();
    await waitForHydration(page);
    await expectNoticeAlone(page);
    expect((await page.screenshot()).equals(beforeHydration)).toBe(true);
    await context.setOffline(false);
    await expectInteractiveWithoutReload(page, started);
  });
});

describe("offline after hydration", () => {
  it("keeps a half-filled contact form, the scroll position and an open menu through a dropout", async () => {
    const { page } = await browser.open("/contact", PHONE);
    await waitForHydration(page);
    const form = page.locator("form").filter({ has: page.getByLabel("Message") });
    await form.getByLabel("First name").fill("Asha");
    await form.getByLabel("Official email").fill("asha@example.com");
    await form.getByLabel("Message").fill("Half a thought about Pune");
    await page.evaluate(() => window.scrollTo(0, 700));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(600);
    const started = await documentStart(page);

    await page.context().setOffline(true);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);

    expect(await form.getByLabel("First name").inputValue()).toBe("Asha");
    expect(await form.getByLabel("Official email").inputValue()).toBe("asha@example.com");
    expect(await form.getByLabel("Message").inputValue()).toBe("Half a thought about Pune");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await documentStart(page)).toBe(started);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    await page.context().setOffline(true);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    // The menu's visibility transition starts from the hidden offline state: visible from its next frame on.
    await expect.poll(() => menu.isVisible()).toBe(true);
  });

  it("keeps the reading position of a long article", async () => {
    const { page } = await browser.open(
      "/blog/3-build-operate-transfer-what-actually-happens-in-each-phase",
      PHONE,
    );
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 2000));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBe(2000);
    await page.context().setOffline(true);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(2000);
  });
});

describe("offline on a page without React (the site script)", () => {
  it("shows only the notice, and keeps the scroll position and an open menu through a dropout", async () => {
    const { page } = await browser.open("/about-page", PHONE);
    await waitForHydration(page);
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(600);
    const started = await documentStart(page);
    await page.context().setOffline(true);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.context().setOffline(true);
    await expectNoticeAlone(page);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Blog" }).focus();
    expect(await documentStart(page)).toBe(started);
  });
});
