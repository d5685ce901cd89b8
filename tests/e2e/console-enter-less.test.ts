import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { postInput } from "../support/factories";
import { describedBy } from "./support/files";
import { expectAccessible, setupBrowser } from "./support/browser";
import { asAdmin, freshPhone, openSignedIn } from "./support/console";

// "Enter less": the blog asks before publishing with no date, filters scheduled posts, counts SEO
// characters and previews drafts; the CRM board moves between cards with the arrow keys and reopens as left.

const browser = setupBrowser();
const LAPTOP = { width: 1280, height: 900 };

const post = (heading: string, over: Record<string, unknown> = {}) =>
  postInput({ heading, sub_heading: "Enter less", ...over });
const headingsOf = async (query: string) =>
  (await asAdmin<{ blog_data: { heading: string; status: string }[] }>("GET", `/api/blog?${query}`))
    .blog_data;

describe("blog", () => {
  it("asks before a post with no date goes public at once; Keep editing saves nothing", async () => {
    const heading = `Publish now ${Date.now()}`;
    const { page, errors } = await openSignedIn(browser, "/dashboard/blog", { viewport: LAPTOP });
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Heading", { exact: true }).fill(heading);
    await dialog.getByRole("textbox", { name: "Article" }).click();
    await page.keyboard.type("Going out today.");

    // The SEO fields count as they are typed.
    const seo = dialog.getByLabel("SEO title (optional, up to 70 characters)");
    expect(await describedBy(seo)).toContain("0 of 70 characters");
    await seo.fill("Publishing a GCC post");
    expect(await describedBy(seo)).toContain("21 of 70 characters");
    const meta = dialog.getByLabel("Meta description (optional, up to 160 characters)");
    await meta.fill("x".repeat(165));
    expect(await describedBy(meta)).toContain("165 of 160 characters: 5 too many");
    await meta.fill("A short description");

    await dialog.getByLabel("Status").selectOption("published");
    const save = dialog.getByRole("button", { name: "Save post" });
    await save.click();
    const confirm = page.getByRole("dialog", { name: "Publish now?" });
    await confirm.getByText("goes public as soon as it is saved").waitFor();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await headingsOf(`search=${encodeURIComponent(heading)}`)).toEqual([]);

    await save.click();
    await confirm.getByRole("button", { name: "Publish now" }).click();
    await page.getByText("Post created.").waitFor();
    expect(await headingsOf(`search=${encodeURIComponent(heading)}`)).toMatchObject([
      { heading, status: "published" },
    ]);
    expect(errors).toEqual([]);
  });

  it("does not ask when a date is set (scheduling), and filters Scheduled apart from Published", async () => {
    const marker = `Sched${Date.now()}`;
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await asAdmin("POST", "/api/blog", post(`${marker} later`, { status: "published", published_at: later }));
    await asAdmin("POST", "/api/blog", post(`${marker} live`, { status: "published" }));
    const { page } = await openSignedIn(browser, `/dashboard/blog?search=${marker}`, { viewport: LAPTOP });
    await page.getByRole("button", { name: /^Filters/ }).click();
    const filters = page.getByRole("dialog");
    await filters.getByLabel("Status").selectOption({ label: "Scheduled" });
    await filters.getByRole("button", { name: /^Apply/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("scheduled");
    await page.getByRole("cell", { name: `${marker} later`, exact: true }).waitFor();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);

    await page.goto(`/dashboard/blog?search=${marker}&status=published`);
    await page.getByRole("cell", { name: `${marker} live`, exact: true }).waitFor();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
  });

  it("offers Preview on a draft's row, opening the draft in a new tab", async () => {
    const heading = `Draft preview ${Date.now()}`;
    await asAdmin("POST", "/api/blog", post(heading));
    const { page } = await openSignedIn(browser, `/dashboard/blog?search=${encodeURIComponent(heading)}`, {
      viewport: LAPTOP,
    });
    const preview = page.getByRole("button", { name: `Preview ${heading} (opens in a new tab)` });
    const [tab] = await Promise.all([page.context().waitForEvent("page"), preview.click()]);
    await tab.waitForURL(/\/blog\/preview\//);
    await tab.getByRole("heading", { name: heading }).waitFor();
    // A published, live post has View instead.
    expect(await page.getByRole("link", { name: new RegExp(`^View ${heading}`) }).count()).toBe(0);
  });
});

async function newLead(prefix: string, status: "HOT" | "WARM" | "COLD") {
  const name = `${prefix} ${Date.now() % 1_000_000}`;
  const { data } = await asAdmin<{ data: { id: number } }>("POST", "/api/crm/leads", {
    name,
    contact_no: freshPhone(),
    status,
    follow_up_date: "2024-01-01",
  });
  return { id: data.id, name };
}
const focusedColumn = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[data-column]")?.getAttribute("data-column"));
const focusedLead = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[data-card]")?.getAttribute("data-card"));

describe("CRM board", () => {
  it("moves between cards with the arrow keys without moving any lead", async () => {
    const hot = await newLead("Arrows hot", "HOT");
    await newLead("Arrows warm", "WARM");
    await newLead("Arrows warm two", "WARM");
    const { page } = await openSignedIn(browser, "/dashboard/crm?view=before_sale&layout=board", {
      viewport: LAPTOP,
    });
    const card = page
      .locator(`[data-card="${hot.id}"]`)
      .getByRole("button", { name: new RegExp(`^${hot.name}`) });
    await card.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => focusedColumn(page)).toBe("WARM");
    const first = await focusedLead(page);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLead(page)).not.toBe(first);
    expect(await focusedColumn(page)).toBe("WARM");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focusedLead(page)).toBe(first);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => focusedColumn(page)).toBe("COLD");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => focusedColumn(page)).toBe("HOT");
    const lead = await asAdmin<{ data: { lead: { status: string } } }>("GET", `/api/crm/leads/${hot.id}`);
    expect(lead.data.lead.status).toBe("HOT");
  });

  it("reaches a WARM card by Tab alone in at most 5 presses from the board's first control", async () => {
    // Enough leads that a tab stop per card would take far more than 5 presses.
    for (let i = 0; i < 4; i++) await newLead(`Tabbing hot ${i}`, "HOT");
    await newLead("Tabbing warm", "WARM");
    const { page } = await openSignedIn(browser, "/dashboard/crm?view=before_sale&layout=board", {
      viewport: LAPTOP,
    });
    const board = page.locator("section[aria-labelledby=board-title]");
    await board.locator("[data-column=HOT] [data-card]").nth(3).waitFor();
    const first = board.getByRole("link", { name: "Recently deleted" });
    expect(await first.getAttribute("href")).toBe("/dashboard/recently-deleted?type=crm_lead");
    await first.focus();
    let presses = 0;
    while (presses < 10 && (await focusedColumn(page)) !== "WARM") {
      await page.keyboard.press("Tab");
      presses++;
    }
    expect(await focusedColumn(page)).toBe("WARM");
    expect(presses).toBeLessThanOrEqual(5);
    // The card itself, not its status menu; the arrow keys then reach the column's other cards.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-board-card"))).toBe(true);
    // Shift+Tab goes back through one stop per column too.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedColumn(page)).toBe("HOT");
    await expectAccessible(page);
  });

  it("opens on the board when the operator last used it, and on the list after they switch back", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/crm?view=before_sale", { viewport: LAPTOP });
    const layout = page.getByRole("group", { name: "Leads layout" });
    await layout.getByRole("button", { name: "Board" }).click();
    await page.getByRole("heading", { name: "CRM · Lead board" }).waitFor();

    await page.goto("/dashboard/crm");
    await page.getByRole("heading", { name: "CRM · Lead board" }).waitFor();
    expect(new URL(page.url()).searchParams.get("layout")).toBe("board");

    await layout.getByRole("button", { name: "List" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("layout")).toBeNull();
    await page.goto("/dashboard/crm");
    await expect.poll(() => new URL(page.url()).searchParams.get("view")).toBe("before_sale");
    expect(new URL(page.url()).searchParams.get("layout")).toBeNull();
    expect(await page.getByRole("heading", { name: "CRM · Lead board" }).count()).toBe(0);
  });
});
