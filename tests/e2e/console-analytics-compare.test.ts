import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";

// Analytics compares like with like: the period before is counted up to the same time of day,
// and each tile says so; website enquiries and CRM leads have their own tiles.

const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

interface Overall {
  data: { previous_until: string; kpis: { key: string; current: number }[] };
}
const overall = async () =>
  (await (
    await fetch(`${baseURL()}/api/analytics/overall?period=today`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Overall;
const indiaTime = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));

describe("analytics comparisons", () => {
  it("says on each tile that today is compared with yesterday up to the same time, and counts enquiries and leads", async () => {
    const before = await overall();
    const { page, errors } = await openSignedIn(browser, "/dashboard/analytics");
    const enquiries = page.locator('[data-kpi="enquiry"]');
    const leads = page.locator('[data-kpi="lead"]');
    await enquiries.waitFor();
    const api = await overall();
    // The minute may turn between the page's request and ours.
    const heading = (await page.locator("#overall-title + p").textContent()) ?? "";
    const until = [before, api]
      .map((answer) => `yesterday up to ${indiaTime(answer.data.previous_until)} IST`)
      .find((text) => heading.includes(`compared with ${text}`));
    expect(until, heading).toBeTruthy();
    expect(await enquiries.textContent()).toContain("Website enquiries");
    expect(await leads.textContent()).toContain("CRM leads");
    const count = (key: string) => api.data.kpis.find((k) => k.key === key)!.current.toLocaleString("en-IN");
    expect(await enquiries.locator("p").nth(1).textContent()).toBe(count("enquiry"));
    expect(await leads.locator("p").nth(1).textContent()).toBe(count("lead"));
    // Every tile, and the heading, name what they are compared with.
    for (const tile of await page.locator("[data-kpi]").all())
      expect(await tile.textContent()).toContain(until);
    expect(await page.locator("#overall-title + p").textContent()).toContain(`compared with ${until}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
