import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "#schemas/dates.ts";
import { formatDate } from "#shared/india-time.ts";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { asAdmin, freshPhone, openSignedIn } from "./support/console";

// A lead's created date (column, filter with quick ranges, details), the CRM board one stage at a time on a
// phone, a translation written beside its source, the username rule shown up front, the console's lists at
// 320 px with rows above the fold, and the blog list that shows a new post at once.

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
// Screenshots to look at (SHOTS_DIR, else /tmp/console-crm-small).
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/console-crm-small";
const stamp = Date.now() % 1_000_000;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function newLead(name: string, status: "HOT" | "WARM" | "COLD") {
  const { data } = await asAdmin<{ data: { id: number } }>("POST", "/api/crm/leads", {
    name,
    contact_no: freshPhone(),
    status,
    company: "Created Date Logistics",
  });
  return data.id;
}

describe("CRM on a phone", () => {
  it("shows the board one stage at a time, picked with a switcher that counts each stage", async () => {
    await newLead(`Phone Hot ${stamp}`, "HOT");
    await newLead(`Phone Warm ${stamp}`, "WARM");
    const { page, errors } = await openSignedIn(browser, "/dashboard/crm?view=before_sale&layout=board", {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    await page.getByRole("heading", { name: "CRM · Lead board" }).waitFor();
    const stage = page.getByLabel("Stage", { exact: true });
    await stage.waitFor();
    const counts = await asAdmin<{ board_data: { status: string; count: number }[] }>(
      "GET",
      "/api/crm/board",
    );
    expect(await stage.locator("option").allTextContents()).toEqual(
      counts.board_data.map((c) => `${c.status} (${c.count.toLocaleString("en-IN")})`),
    );
    const visibleColumns = () =>
      page
        .locator("[data-column]")
        .evaluateAll((columns) =>
          columns
            .filter((c) => getComputedStyle(c).display !== "none")
            .map((c) => c.getAttribute("data-column")),
        );
    expect(await visibleColumns()).toEqual(["HOT"]);
    await page.getByText(`Phone Hot ${stamp}`).waitFor();
    // The board is one stage long, not every stage stacked.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await stage.selectOption("WARM");
    expect(await visibleColumns()).toEqual(["WARM"]);
    await page.getByText(`Phone Warm ${stamp}`).waitFor();
    expect(await page.getByText(`Phone Hot ${stamp}`).isVisible()).toBe(false);
    // A finger on glass gets no keyboard instructions.
    expect(await page.evaluate(() => matchMedia("(hover: none) and (pointer: coarse)").matches)).toBe(true);
    expect(await page.getByText("Drag a card to another column").isVisible()).toBe(false);
    await expectAccessible(page);
    await shot(page, "crm-board-390");
    expect(height).toBeLessThan(4000);
    expect(errors).toEqual([]);
  });

  it("keeps every column and the keyboard hint on a laptop", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/crm?view=before_sale&layout=board", {
      viewport: LAPTOP,
    });
    await page.locator("[data-card]").first().waitFor();
    expect(await page.getByLabel("Stage", { exact: true }).isVisible()).toBe(false);
    expect(await page.getByText("Drag a card to another column").isVisible()).toBe(true);
    for (const status of ["HOT", "WARM", "COLD"])
      expect(await page.locator(`[data-column="${status}"]`).isVisible()).toBe(true);
    await shot(page, "crm-board-1280");
  });
});

describe("a lead's created date", () => {
  it("is a column, a from/to filter with quick ranges, and a line in the lead's details", async () => {
    const name = `Created Today ${stamp}`;
    await newLead(name, "COLD");
    const { page, errors } = await openSignedIn(
      browser,
      `/dashboard/crm?view=before_sale&search=${encodeURIComponent(name)}`,
      { viewport: PHONE },
    );
    const card = page.locator(".list-card").filter({ hasText: name });
    await card.waitFor();
    const today = todayInIndia();
    expect(await card.locator("dt", { hasText: "Created" }).count()).toBe(1);
    expect(await card.textContent()).toContain(formatDate(`${today}T12:00:00+05:30`));

    // A range that ends before today leaves the lead out...
    await page.getByRole("button", { name: /^Filters/ }).click();
    let dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.getByLabel("Created to").fill("2024-01-31");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No leads match.").waitFor();
    expect(new URL(page.url()).searchParams.get("created_to")).toBe("2024-01-31");

    // ...and "Last 7 days" brings it back: the quick choice fills both dates.
    await page.getByRole("button", { name: /^Filters/ }).click();
    dialog = page.getByRole("dialog", { name: "Filters" });
    const quick = dialog.getByRole("group", { name: "Quick date ranges" });
    await quick.getByRole("button", { name: "Last 7 days" }).click();
    expect(await quick.getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await dialog.getByLabel("Created to").inputValue()).toBe(today);
    expect(await dialog.getByLabel("Created from").inputValue()).not.toBe("");
    await expectAccessible(page);
    await shot(page, "crm-created-filter-390");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await card.waitFor();
    expect(new URL(page.url()).searchParams.get("created_to")).toBe(today);

    await card.getByRole("button", { name: /^Open/ }).click();
    const details = page.getByRole("dialog", { name: `Lead · ${name}` });
    await details.getByText("Created", { exact: true }).waitFor();
    expect(await details.locator("dd time").first().getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);
    await shot(page, "crm-lead-details-390");
    expect(errors).toEqual([]);
  });

  it("shows as a sortable column on a laptop", async () => {
    const search = encodeURIComponent(`Created Today ${stamp}`);
    const { page } = await openSignedIn(browser, `/dashboard/crm?view=before_sale&search=${search}`, {
      viewport: LAPTOP,
    });
    await page.getByRole("columnheader", { name: /Created/ }).waitFor();
    const row = page.locator("tbody tr").filter({ hasText: `Created Today ${stamp}` });
    await row.waitFor();
    expect(await row.locator("time").first().getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    await shot(page, "crm-list-1280");
  });
});

describe("a translation", () => {
  it("starts with the source's author and shows the source beside the editor (above it, collapsible, on a phone)", async () => {
    const heading = `Side by side ${stamp}`;
    const created = await asAdmin<{ data: { id: number } }>("POST", "/api/blog", {
      heading,
      sub_heading: "The source's sub heading",
      full_description: "<p>The English words to translate.</p>",
      author: "Meera Raghavan",
      language: "English",
      status: "draft",
    });
    try {
      for (const viewport of [LAPTOP, PHONE]) {
        const { page, errors } = await openSignedIn(browser, `/dashboard/blog?search=${stamp}`, { viewport });
        await page
          .getByRole("button", { name: `Edit ${heading}` })
          .first()
          .click();
        const editor = page.getByRole("dialog", { name: `Edit ${heading}` });
        const panel = editor.getByRole("region", { name: "Translations" });
        await panel.getByLabel("Translate into").selectOption("Hindi");
        await panel.getByRole("button", { name: "Add translation" }).click();
        const translation = page.getByRole("dialog", { name: `Hindi translation of ${heading}` });
        await translation.waitFor();
        expect(await translation.getByLabel("Author").inputValue()).toBe("Meera Raghavan");
        const source = translation.getByRole("region", { name: "The English post" });
        const words = source.getByText("The English words to translate.");
        const headingField = translation.getByLabel("Heading", { exact: true });
        if (viewport === LAPTOP) {
          await words.waitFor();
          const [left, right] = [await source.boundingBox(), await headingField.boundingBox()];
          // Side by side: the source on the left, the editor's fields beside it at the same height.
          expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x);
          expect(right!.y).toBeLessThan(left!.y + left!.height);
          await expectAccessible(page);
          await shot(page, "blog-translation-1280");
        } else {
          const toggle = source.getByRole("button", { name: "The English post" });
          expect(await toggle.getAttribute("aria-expanded")).toBe("false");
          expect(await words.isVisible()).toBe(false);
          await toggle.click();
          await words.waitFor();
          expect(await toggle.getAttribute("aria-expanded")).toBe("true");
          // Above the editor on a phone.
          expect((await source.boundingBox())!.y).toBeLessThan((await headingField.boundingBox())!.y);
          await expectAccessible(page);
          await shot(page, "blog-translation-390");
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    } finally {
      await asAdmin("DELETE", `/api/blog/${created.data.id}`);
    }
  });
});

describe("the username rule", () => {
  it("shows under the field before anything is typed, read with the field", async () => {
    const { page, errors } = await openSignedIn(browser, "/dashboard/operators", { viewport: PHONE });
    await page.getByRole("button", { name: "Invite operator" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite operator" });
    const rule = "3-50 characters: letters, digits, dots, dashes or underscores; no spaces.";
    await dialog.getByText(rule).waitFor();
    const field = dialog.getByLabel("Username", { exact: true });
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const hint = await dialog.getByText(rule).getAttribute("id");
    expect(describedBy.split(" ")).toContain(hint);
    await expectAccessible(page);
    await shot(page, "operators-username-hint-390");
    expect(errors).toEqual([]);
  });
});

describe("the console's lists at 320 px", () => {
  const LISTS = [
    "/dashboard/home",
    "/dashboard/services/truck_details",
    "/dashboard/services/load_details",
    "/dashboard/crm?view=before_sale",
    "/dashboard/blog",
  ];
  it("show their first rows above the fold (320 × 640)", async () => {
    const { page, errors } = await openSignedIn(browser, LISTS[0]!, {
      viewport: { width: 320, height: 640 },
    });
    for (const path of LISTS) {
      await page.goto(path);
      const first = page.locator(".list-card").first();
      await first.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `lists-${path.split("/").at(-1)!.replace(/\W+/g, "-")}-320`);
      const top = await first.evaluate((el) => el.getBoundingClientRect().top);
      expect(top, `${path}: first row at ${top} px`).toBeLessThan(640);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

describe("analytics", () => {
  it("offers calendar weeks and months, and counts imported records in a tile of their own", async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const { page, errors } = await openSignedIn(browser, "/dashboard/analytics?period=last_week", {
        viewport,
      });
      const tiles = page.getByRole("list", { name: "Key figures" });
      await tiles.locator('[data-kpi="imported"]').waitFor();
      expect(await tiles.locator('[data-kpi="imported"]').textContent()).toContain("Imported");
      expect(await tiles.locator('[data-kpi="member"]').textContent()).toContain("New members");
      // A week that has ended is compared with the whole week before, not "up to" a time of day.
      await page.getByText(/compared with the week before$/).waitFor();
      const wide = viewport === LAPTOP;
      const choices = wide
        ? await page.getByRole("group", { name: "Overall period" }).getByRole("button").allTextContents()
        : await page.getByLabel("Period", { exact: true }).locator("option").allTextContents();
      expect(choices).toEqual(["Today", "Last 7 days", "This week", "Last week", "This month", "Last month"]);
      await expectAccessible(page);
      await shot(page, `analytics-${viewport.width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe("the blog list", () => {
  it("shows a newly published post at once: browsers check back instead of reusing a copy", async () => {
    const list = await fetch(`${baseURL()}/blog`);
    expect(list.status).toBe(200);
    const control = list.headers.get("cache-control") ?? "";
    expect(control).toMatch(/max-age=0/);
    expect(control).toMatch(/must-revalidate/);
    expect(control).not.toMatch(/stale-while-revalidate/);
    const etag = list.headers.get("etag")!;
    // Unchanged: a cheap 304.
    expect((await fetch(`${baseURL()}/blog`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const heading = `Published at once ${stamp}`;
    const created = await asAdmin<{ data: { id: number } }>("POST", "/api/blog", {
      heading,
      full_description: "<p>New.</p>",
      status: "published",
    });
    try {
      const again = await fetch(`${baseURL()}/blog`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(heading);
    } finally {
      await asAdmin("DELETE", `/api/blog/${created.data.id}`);
    }
  });
});
