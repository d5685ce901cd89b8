import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { openSignedIn } from "./support/console";
import { startOwnServer } from "./support/own-server";

const browser = setupBrowser();

// Its own server without PUBLIC_BASE_URL: saving the address changes every link the shared server serves.
const site = startOwnServer({ publicAddress: false });

describe("the public address in the console", () => {
  // First: the next test sets the address. Hiding is remembered per browser, and each test has its own.
  it("on a phone the warning is one short notice an admin can hide for good in this browser", async () => {
    const { page, errors } = await openSignedIn(browser, `${site()}/dashboard/enquiries`, {
      viewport: { width: 390, height: 844 },
    });
    const warning = page.getByRole("status").filter({ hasText: "The public address of the site is not set" });
    await warning.waitFor();
    expect((await warning.boundingBox())!.height).toBeLessThan(100);
    await warning.getByRole("button", { name: "Hide this notice" }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: "Enquiries", level: 1 }).waitFor();
    expect(await warning.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("warns an admin until the address is set in Site settings, then the warning goes and links follow", async () => {
    const { page, errors } = await openSignedIn(browser, `${site()}/dashboard/home`);
    const warning = page.getByRole("status").filter({ hasText: "The public address of the site is not set" });
    await expect.poll(() => warning.isVisible()).toBe(true);
    await expect.poll(() => warning.textContent()).toMatch(/point at http:\/\/localhost:\d+/);
    await expectAccessible(page);
    if (process.env.SCREENSHOTS)
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/public-address-warning-${width}.png` });
      }

    await warning.getByRole("link", { name: "Set it in Site settings" }).click();
    await page.waitForURL("**/dashboard/settings");
    const field = page.getByLabel("Public address of the site");
    await field.fill("not an address");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect
      .poll(() => page.getByText("Enter a full address, such as https://www.example.com").count())
      .toBeGreaterThan(0);

    await field.fill("https://gcc.example.org");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await expectAccessible(page);
    if (process.env.SCREENSHOTS)
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 1400 });
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/public-address-settings-${width}.png` });
      }
    expect(await (await fetch(`${site()}/robots.txt`)).text()).toContain(
      "Sitemap: https://gcc.example.org/sitemap.xml",
    );
    // Still set after a reload: it was saved, not only shown.
    await page.reload();
    await expect.poll(() => field.inputValue()).toBe("https://gcc.example.org");
    expect(errors).toEqual([]);
  });
});
