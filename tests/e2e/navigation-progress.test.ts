import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { openSignedIn } from "./support/console";

const browser = setupBrowser();

const bar = (page: Page) => page.locator("[data-navigation-progress]");
const announcement = (page: Page) => page.getByRole("status").filter({ hasText: "Loading page…" });

/** Holds every request matching `pattern` until `release` is called. */
async function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  let holding = true;
  await page.route(pattern, (route) => (holding ? held.push(route) : route.continue()));
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe("navigation progress bar", () => {
  it("shows a thin announced bar after 150 ms of a pending public navigation, without moving the page", async () => {
    const { page, errors } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.clock.install();
    // A page that hydrates React: its links navigate on the client (pages without React load in full).
    await page.goto("/contact");
    await waitForHydration(page);
    // Time stands still from here on, so only runFor moves the 150 ms delay.
    await page.clock.pauseAt(Date.now() + 60_000);
    const mainTop = () => page.locator("main#main").evaluate((main) => main.getBoundingClientRect().top);
    const topBefore = await mainTop();

    const blogData = await holdRequests(page, "**/blog.data*");
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/blog"]')?.click());
    await expect.poll(() => blogData.count()).toBeGreaterThan(0);
    await page.clock.runFor(100);
    expect(await bar(page).count()).toBe(0);
    await page.clock.runFor(100);
    await announcement(page).waitFor();
    const box = await bar(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0 });
    expect(box!.height).toBeLessThanOrEqual(4);
    expect(
      await bar(page).evaluate((el) => [getComputedStyle(el).position, (el as HTMLElement).offsetWidth]),
    ).toEqual(["fixed", 390]);
    expect(await mainTop()).toBe(topBefore);
    await page.clock.resume(); // axe and the router's own timers need time to flow again
    await page.screenshot({ path: "test-results/navigation-progress-390.png" });
    await expectAccessible(page);

    await blogData.release();
    await page.waitForURL("**/blog");
    await bar(page).waitFor({ state: "detached" });
    expect(await announcement(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows the bar in the console while a screen's code is still loading", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/enquiries");
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    const scripts = await holdRequests(page, "**/assets/**");
    await page.getByRole("link", { name: "Team", exact: true }).click();
    await announcement(page).waitFor();
    expect(await bar(page).isVisible()).toBe(true);
    await scripts.release();
    await page.getByRole("heading", { name: "Team" }).waitFor();
    await bar(page).waitFor({ state: "detached" });
  });
});
