import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { TEST_ADMIN } from "./support/server";

// Recover and find: a delete is restorable from "Recently deleted" long after its toast is gone,
// every list links there, and the audit log finds a post by its title, filters by action and restores deletes.

const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

async function apiCall<T>(method: string, path: string, body?: object): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}
async function createDraft(heading: string) {
  const res = await apiCall<{ data: { id: number } }>("POST", "/api/blog", { heading, status: "draft" });
  expect(res.status).toBe(201);
  return res.json.data.id;
}
const postExists = async (id: number) => (await apiCall("GET", `/api/blog/${id}`)).status === 200;
const rows = (page: Page) => page.locator("tbody tr");

describe("recover and find", () => {
  it("restores a deleted post from Recently deleted after the toast has gone", async () => {
    const heading = `Recover me ${Date.now() % 1_000_000}`;
    const id = await createDraft(heading);
    const { page, errors } = await openSignedIn(
      browser,
      `/dashboard/blog?search=${encodeURIComponent(heading)}`,
    );
    await expect.poll(() => rows(page).first().textContent()).toContain(heading);
    await page.getByRole("button", { name: `Delete ${heading}` }).click();
    await page.getByRole("dialog", { name: "Delete post" }).getByRole("button", { name: "Delete" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Post deleted." });
    await toast.waitFor();
    // The Undo is gone with the toast: only Recently deleted can bring the post back now.
    await toast.waitFor({ state: "detached", timeout: 20_000 });
    expect(await postExists(id)).toBe(false);

    // The list's own link (not the menu's) opens Recently deleted on its type.
    await page
      .locator('section[aria-labelledby="list-title"]')
      .getByRole("link", { name: "Recently deleted" })
      .click();
    await page.waitForURL((url) => url.pathname === "/dashboard/recently-deleted");
    expect(new URL(page.url()).searchParams.get("type")).toBe("blog_post");
    const row = rows(page).filter({ hasText: heading });
    await row.waitFor();
    expect(await row.textContent()).toContain("Blog post");
    expect(await row.textContent()).toContain(TEST_ADMIN.username);
    expect(await row.textContent()).toContain("IST");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/recently-deleted-1280.png" });

    await row.getByRole("button", { name: `Restore Blog post ${heading}` }).click();
    await page.getByRole("status").filter({ hasText: "Restored." }).waitFor();
    await expect.poll(() => rows(page).filter({ hasText: heading }).count()).toBe(0);
    expect(await postExists(id)).toBe(true);

    await page.goto(`${baseURL()}/dashboard/blog?search=${encodeURIComponent(heading)}`);
    await expect.poll(() => rows(page).first().textContent()).toContain(heading);
    expect(errors).toEqual([]);
  });

  it("finds a post's entries in the audit log by its title, filters them by action, and restores its delete", async () => {
    const heading = `Audit trail ${Date.now() % 1_000_000}`;
    const id = await createDraft(heading);
    expect((await apiCall("DELETE", `/api/blog/${id}`)).status).toBe(200);

    const { page, errors } = await openSignedIn(browser, "/dashboard/audit");
    await rows(page).first().waitFor();
    await page.getByLabel("Search").fill(heading);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(heading);
    // The post's create and delete, each naming it; nothing else.
    await expect.poll(() => rows(page).count()).toBe(2);
    for (const text of await rows(page).allTextContents()) expect(text).toContain(heading);
    // The create links to the post's list, searched for it.
    const link = rows(page)
      .filter({ hasText: "Created" })
      .getByRole("link", { name: new RegExp(heading) });
    expect(await link.getAttribute("href")).toBe(`/dashboard/blog?search=${encodeURIComponent(heading)}`);

    await page.getByRole("button", { name: /^Filters/ }).click();
    const filters = page.getByRole("dialog", { name: "Filters" });
    await filters.getByLabel("Action").selectOption("delete");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("action")).toBe("delete");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toMatch(/Deleted/);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/audit-search-1280.png" });

    await rows(page)
      .first()
      .getByRole("button", { name: `Restore Blog post ${heading}` })
      .click();
    await page.getByRole("status").filter({ hasText: "Restored." }).waitFor();
    expect(await postExists(id)).toBe(true);
    // Restored: the delete entry has nothing left to restore.
    await expect
      .poll(() =>
        rows(page)
          .first()
          .getByRole("button", { name: /^Restore/ })
          .count(),
      )
      .toBe(0);
    expect(errors).toEqual([]);
  });
  it("offers every operator in the audit log's Who filter, not only the first 50", async () => {
    // More operators than one page of the API holds; "zz…" sorts them after the others.
    const stamp = Date.now() % 1_000_000;
    for (let i = 0; i < 51; i++) {
      const res = await apiCall("POST", "/api/operators", {
        username: `zz-who-${stamp}-${String(i).padStart(2, "0")}`,
        password: "who-filter-password-1",
        role: "editor",
      });
      expect(res.status).toBe(201);
    }
    const { json } = await apiCall<{ total_no_of_data: number }>("GET", "/api/operators?page_size=10");
    expect(json.total_no_of_data).toBeGreaterThan(50);

    const { page, errors } = await openSignedIn(browser, "/dashboard/audit");
    await rows(page).first().waitFor();
    await page.getByRole("button", { name: /^Filters/ }).click();
    const filters = page.getByRole("dialog", { name: "Filters" });
    const who = filters.getByLabel("Who");
    const last = `zz-who-${stamp}-50`;
    await expect.poll(() => who.locator(`option[value="${last}"]`).count()).toBe(1);
    // Every operator, besides the "any" choice.
    expect(await who.locator("option").count()).toBeGreaterThanOrEqual(json.total_no_of_data + 1);
    await who.selectOption(last);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("operator")).toBe(last);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("saves the trash window in Site settings and keeps deleted records that long", async () => {
    const { page, errors } = await openSignedIn(browser, "/dashboard/settings");
    const days = page.getByLabel("Keep deleted records for (days)");
    await days.waitFor();
    try {
      await days.fill("45");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
      const saved = await apiCall<{ data: { trash_days: number } }>("GET", "/api/site_settings");
      expect(saved.json.data.trash_days).toBe(45);

      await page.reload();
      await expect.poll(() => days.inputValue()).toBe("45");

      // A record deleted now is kept 45 days, and Recently deleted says so.
      const heading = `Kept 45 days ${Date.now() % 1_000_000}`;
      const id = await createDraft(heading);
      expect((await apiCall("DELETE", `/api/blog/${id}`)).status).toBe(200);
      await page.goto(`${baseURL()}/dashboard/recently-deleted?search=${encodeURIComponent(heading)}`);
      await page.getByText("Deleted records are kept for 45 days, then removed for good.").waitFor();
      const row = rows(page).filter({ hasText: heading });
      await row.waitFor();
      const [deleted, kept] = (await row.locator("td").allTextContents()).filter((t) => t.endsWith(" IST"));
      const day = (text: string) => Date.parse(text.replace(/,.*$/, ""));
      expect(Math.round((day(kept!) - day(deleted!)) / 86_400_000)).toBe(45);
      await expectAccessible(page);
    } finally {
      // The other browser tests share this server: the default goes back.
      const current = await apiCall<{ data: Record<string, unknown> }>("GET", "/api/site_settings");
      const reset = await apiCall("PUT", "/api/site_settings", { ...current.json.data, trash_days: 30 });
      expect(reset.status).toBe(200);
    }
    expect(errors).toEqual([]);
  });
});
