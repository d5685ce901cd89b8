import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIBE_ANSWER } from "#schemas/subscription.ts";
import { openSignedIn } from "./support/console";
import { baseURL, expectAccessible, phonePage, SCRIPT_MODES, setupBrowser } from "./support/browser";

/**
 * Subscribe on the blog at 390 px, with JavaScript and without: the same answer in place or on /subscribe,
 * a refusal comes back with the address kept; the RSS link is visible; the console lists the subscriber.
 */
const browser = setupBrowser();
const unique = (label: string) => `${label}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

describe.each(SCRIPT_MODES)("blog subscribe %s", (_mode, script) => {
  let page: Page;
  let open: (path: string) => Promise<void>;
  beforeAll(async () => {
    ({ page, open } = await phonePage(browser, script));
  });

  it("subscribes to the Hindi posts from the Hindi list, with a visible RSS link", async () => {
    await open("/blog?lang=hi");
    const box = page.getByRole("region", { name: "Get new posts in Hindi by e-mail" });
    const rss = box.getByRole("link", { name: "RSS feed" });
    expect(await rss.getAttribute("href")).toBe("/rss.xml?lang=hi");
    expect(await rss.isVisible()).toBe(true);
    // Nothing sideways at 390 px (measured where scripts run; the layout is the same without).
    if (script)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await box.getByLabel("Your e-mail address").fill("not an address");
    await box.getByRole("button", { name: "Subscribe" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "Enter a valid e-mail address" });
    await refused.waitFor();
    // Kept as typed, on the blog (script) or on /subscribe (no script).
    expect(await page.getByLabel("Your e-mail address").inputValue()).toBe("not an address");
    await page.getByLabel("Your e-mail address").fill(unique("hindi"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("status").filter({ hasText: SUBSCRIBE_ANSWER }).waitFor();
    expect(new URL(page.url()).pathname).toBe(script ? "/blog" : "/subscribe");
    if (script) await expectAccessible(page);
  });

  it("offers Subscribe on a post, in the post's language", async () => {
    const posts = (await (await page.request.get("/api/blog_details/")).json()) as {
      id: number;
      heading: string;
    }[];
    await open(`/blog/${posts[0]!.id}`);
    const box = page.getByRole("region", { name: /Get new posts in \w+ by e-mail/ });
    await box.getByLabel("Your e-mail address").fill(unique("post"));
    await box.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("status").filter({ hasText: SUBSCRIBE_ANSWER }).waitFor();
  });
});

describe("the console's Subscribers screen", () => {
  it("shows counts per language and finds a pending subscriber by address", async () => {
    const email = unique("console");
    const res = await fetch(`${baseURL()}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "blog", language: "Tamil", email }),
    });
    expect(res.status).toBe(202);
    const { page } = await openSignedIn(browser, "/dashboard/subscribers", {
      viewport: { width: 390, height: 844 },
    });
    await page.getByText("Blog in Tamil").waitFor();
    await page.getByRole("searchbox").first().fill(email);
    await page.getByText(email).first().waitFor();
    await page.getByText("Waiting to confirm").first().waitFor();
    await expectAccessible(page);
  });
});
