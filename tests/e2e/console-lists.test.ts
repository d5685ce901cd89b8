import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { truckBody } from "../support/logistics-bodies";
import { adminToken, createMember, openSignedIn as openConsole } from "./support/console";

// The console's lists (TanStack Table): visible sort state, remembered column visibility, "Select all N
// matching" for bulk export and delete, Undo after a delete, and optimistic status changes that roll back.

const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

const TRUCKS = "/dashboard/services/truck_details";
const rows = (page: Page) => page.locator("tbody tr");

async function apiCall<T>(method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

/** `count` trucks whose owner is `owner` (a marker the list search finds), through the API. */
async function createTrucks(owner: string, count: number) {
  const phone = await createMember(token, "Lists");
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await apiCall<{ data: { truck_id: number } }>(
      "POST",
      "/api/trucks",
      truckBody(phone, { vehicle_number: `mh 12 ab ${String(1000 + i)}`, owner_name: owner }),
    );
    ids.push(answer.data.truck_id);
  }
  return ids;
}
const matching = async (owner: string) =>
  (await apiCall<{ total_no_of_data: number }>("GET", `/api/trucks?search=${encodeURIComponent(owner)}`))
    .total_no_of_data;

async function openTrucks(search?: string, options = {}) {
  const opened = await openConsole(
    browser,
    search ? `${TRUCKS}?search=${encodeURIComponent(search)}` : TRUCKS,
    options,
  );
  await rows(opened.page).first().waitFor();
  return opened;
}

describe("console lists", () => {
  it("shows sortable headers as sortable before any click, and the sorted one's direction with aria-sort", async () => {
    const { page, errors } = await openTrucks();
    const header = page.getByRole("columnheader", { name: "Added" });
    // Unsorted (the default order): an up/down icon, no aria-sort.
    expect(await header.getAttribute("aria-sort")).toBeNull();
    expect(await header.locator('[data-sort-icon="none"]').count()).toBe(1);
    // A plain column has no sort button at all.
    expect(await page.getByRole("columnheader", { name: "Usual route" }).getByRole("button").count()).toBe(0);

    await header.getByRole("button").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("created_at");
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending");
    expect(await header.locator('[data-sort-icon="ascending"]').count()).toBe(1);
    await header.getByRole("button").click();
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("descending");
    expect(await header.locator('[data-sort-icon="descending"]').count()).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("remembers hidden columns per operator after a reload", async () => {
    const { page } = await openTrucks();
    await page.getByRole("button", { name: /^Columns/ }).click();
    await page.getByRole("menuitemcheckbox", { name: "Usual route" }).click();
    await page.screenshot({ path: "/tmp/lists-columns-menu-1280.png" });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("columnheader", { name: "Usual route" }).count()).toBe(0);
    await page.getByRole("button", { name: "Columns (1 hidden)" }).waitFor();
    // Kept under the signed-in operator's id.
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("console-columns:")),
    );
    const userId = await page.evaluate(() => document.cookie.match(/user_id=(\d+)/)?.[1]);
    expect(keys).toContain(`console-columns:${userId}:/api/trucks`);

    await page.reload();
    await waitForHydration(page);
    await rows(page).first().waitFor();
    await page.getByRole("columnheader", { name: "Added" }).waitFor();
    expect(await page.getByRole("columnheader", { name: "Usual route" }).count()).toBe(0);
    expect(await page.getByRole("columnheader", { name: "Owner" }).count()).toBe(1);

    // Shown again, and that is remembered too.
    await page.getByRole("button", { name: "Columns (1 hidden)" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Usual route" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("columnheader", { name: "Usual route" }).waitFor();
  });

  it("selects all N matching beyond the page: the bulk export holds all N and the bulk delete removes all N, undoably", async () => {
    const owner = `Bulkowner${Date.now() % 1_000_000}`;
    const ids = await createTrucks(owner, 12);
    const { page } = await openTrucks(owner);
    await expect.poll(() => rows(page).count()).toBe(10);
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
    await page.getByText("All 10 trucks on this page are selected.").waitFor();
    await page.getByRole("button", { name: "Select all 12 matching" }).click();
    await page.getByText("All 12 trucks matching are selected.").waitFor();
    await page.screenshot({ path: "/tmp/lists-all-matching-1280.png" });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export selected (12)" }).click(),
    ]);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).every((line) => line.includes(owner))).toBe(true);

    await page.getByRole("button", { name: "Delete selected (12)" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 12 trucks" });
    await confirm.getByText("Delete all 12 trucks matching the current search and filters?").waitFor();
    expect(await confirm.getByText(/cannot be undone/).count()).toBe(0);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("12 trucks deleted.").waitFor();
    await expect.poll(() => matching(owner)).toBe(0);

    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Deleted rows restored.").waitFor();
    await expect.poll(() => matching(owner)).toBe(ids.length);
    await expect.poll(() => rows(page).count()).toBe(10);
  });

  it("exports only the ticked rows when not all matching are selected", async () => {
    const owner = `Tickowner${Date.now() % 1_000_000}`;
    await createTrucks(owner, 3);
    const { page } = await openTrucks(owner);
    await expect.poll(() => rows(page).count()).toBe(3);
    const boxes = page.getByRole("checkbox", { name: /^Select row/ });
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export selected (2)" }).click(),
    ]);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    expect(csv.trim().split("\r\n")).toHaveLength(3);
  });

  it("puts a deleted row back with Undo in the toast, and it stays after a reload", async () => {
    const owner = `Undoowner${Date.now() % 1_000_000}`;
    const [id] = await createTrucks(owner, 1);
    const { page, errors } = await openTrucks(owner);
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole("button", { name: /^Delete truck/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete truck" });
    expect(await confirm.getByText(/cannot be undone/).count()).toBe(0);
    await confirm.getByRole("button", { name: "Delete" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Truck deleted." });
    await toast.waitFor();
    await expect.poll(() => rows(page).first().textContent()).toMatch(/No trucks match/);
    await page.screenshot({ path: "/tmp/lists-undo-toast-1280.png" });
    await toast.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Truck restored.").waitFor();
    await expect.poll(() => rows(page).first().textContent()).toContain(owner);
    expect(await matching(owner)).toBe(1);

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => rows(page).first().textContent(), { timeout: 15_000 }).toContain(owner);
    const back = await apiCall<{ data: { truck_id: number } }>("GET", `/api/trucks/${id}`);
    expect(back.data.truck_id).toBe(id);
    expect(errors).toEqual([]);
  });

  it("shows an enquiry's new status at once and rolls it back with an error toast when the PATCH fails", async () => {
    const marker = `Optimist${Date.now()}`;
    const created = await fetch(`${baseURL()}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: marker,
        last_name: "Tester",
        email: "optimist@example.com",
        message: "Status test",
        privacy_consent: true,
      }),
    });
    expect(created.status).toBe(201);
    const { page } = await openConsole(browser, `/dashboard/enquiries?search=${marker}`);
    const status = page.getByLabel(`Status of the enquiry from ${marker} Tester`);
    await status.waitFor();
    expect(await status.inputValue()).toBe("new");

    // The server fails this one PATCH, after a pause long enough to see the optimistic state.
    const release = await failPatchWhenReleased(page, "contact_requests");
    await status.selectOption("contacted");
    await expect.poll(() => status.inputValue()).toBe("contacted");
    release();
    await page
      .getByText(
        `Could not mark the enquiry from ${marker} Tester Contacted; it is back to New. Something went wrong on our side.`,
      )
      .waitFor();
    await expect.poll(() => status.inputValue()).toBe("new");
    await page.screenshot({ path: "/tmp/lists-enquiry-rollback-1280.png" });

    // Without the failure the change sticks, on screen and on the server.
    await page.unroute("**/api/contact_requests/*");
    await status.selectOption("closed");
    await page.getByText(`The enquiry from ${marker} Tester marked Closed.`).waitFor();
    const stored = await apiCall<{ contact_requests_data: { status: string }[] }>(
      "GET",
      `/api/contact_requests?search=${marker}`,
    );
    expect(stored.contact_requests_data[0]!.status).toBe("closed");
    await expectAccessible(page);
  });

  it("moves feedback to In progress at once and back to Open when the server refuses", async () => {
    const marker = `Optimistic feedback ${Date.now()}`;
    const made = await apiCall<{ data: { id: number } }>("POST", "/api/feedback", {
      kind: "complaint",
      text: marker,
    });
    const { page } = await openConsole(
      browser,
      `/dashboard/feedback_complaints?search=${encodeURIComponent(marker)}`,
    );
    const status = page.getByLabel(`Status of complaint ${made.data.id}`);
    await status.waitFor();
    // The failing PATCH is held open until the optimistic state has been seen.
    const release = await failPatchWhenReleased(page, "feedback");
    const patched = page.waitForRequest((request) => request.method() === "PATCH");
    await status.selectOption("in_progress");
    await patched;
    // In progress has no further step without a reply, so the optimistic row shows it as a chip.
    const row = page.getByRole("row").filter({ hasText: marker });
    await row.getByText("In progress", { exact: true }).waitFor();
    expect(await status.count()).toBe(0);
    release();
    await page
      .getByText(
        `Could not mark complaint ${made.data.id} In progress; it is back to Open. Something went wrong on our side.`,
      )
      .waitFor();
    await expect.poll(() => status.inputValue()).toBe("open");
    const stored = await apiCall<{ feedback: { status: string }[] }[]>(
      "GET",
      `/api/feedback?search=${encodeURIComponent(marker)}`,
    );
    expect(stored[0]!.feedback[0]!.status).toBe("open");
  });

  it("fits 390 and 1280 px without a horizontal page scroll; tables scroll in their own box, phones get cards", async () => {
    for (const width of [390, 1280]) {
      for (const [path, name] of [
        [TRUCKS, "trucks"],
        ["/dashboard/feedback_complaints", "feedback"],
        ["/dashboard/enquiries", "enquiries"],
      ] as const) {
        const { page } = await openConsole(browser, path, { viewport: { width, height: 900 } });
        // A real row or card (with its actions), not the loading placeholder; below 640 px lists are cards.
        await page
          .locator(width < 640 ? ".list-cards li" : "tbody tr td:nth-child(2)")
          .first()
          .waitFor();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `/tmp/lists-${name}-${width}.png` });
        const sizes = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          box: (document.querySelector("table")?.parentElement ?? document.querySelector(".list-cards")!)
            .clientWidth,
        }));
        expect(sizes.page, `${path} at ${width}px`).toBeLessThanOrEqual(width);
        expect(sizes.box, `${path} at ${width}px`).toBeLessThanOrEqual(width);
        await page.close();
      }
    }
  });
});

/** Answers the list's next PATCH with a 500, but only once `release()` is called: the optimistic state shows first. */
async function failPatchWhenReleased(page: Page, entity: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/${entity}/*`, async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Something went wrong on our side." }),
    });
  });
  return () => release();
}
