import type { Page } from "playwright-core";
import { pngFile } from "./support/files";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, openSignedIn as openConsole, savePostPublishingNow } from "./support/console";
import { startOwnServer } from "./support/own-server";

const browser = setupBrowser();

// Its own server: scheduling and publishing change the public blog that other files read at the same time.
const site = startOwnServer();
const openSignedIn = (path: string, width = 1280) =>
  openConsole(browser, `${site()}${path}`, { viewport: { width, height: 900 } });

let token: string | undefined;
async function api<T>(method: string, path: string, body?: object): Promise<T> {
  token ??= await adminToken(site());
  const res = await fetch(`${site()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const draftPost = (heading: string, body: string) => ({
  heading,
  sub_heading: "Written for the console blog test",
  full_description: body,
  tags: "GCC",
  author: "Console Test",
  language: "English",
  status: "draft",
});

const createDraft = async (heading: string, body: string) =>
  (await api<{ data: { id: number } }>("POST", "/api/blog", draftPost(heading, body))).data.id;

/** The row (a table row, or a card on a phone) that holds `text`, once searched for. */
async function findRow(page: Page, text: string) {
  await page.getByLabel("Search").fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => page.locator("tbody tr, .list-cards li").filter({ hasText: text }).count()).toBe(1);
}

const status = async (path: string) => (await fetch(`${site()}${path}`)).status;
const publicPath = (id: number) =>
  fetch(`${site()}/blog/${id}`, { redirect: "manual" }).then((r) => r.headers.get("location"));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/blog-${name}.png`, fullPage: false });

/** India time as a datetime-local input shows it: "2026-11-25T21:05". */
const indiaInput = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);

describe("console blog authoring", () => {
  it("asks before Escape throws away a new post's heading and body", async () => {
    const { page, errors } = await openSignedIn("/dashboard/blog");
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Heading", { exact: true }).fill("A heading worth keeping");
    await dialog.getByRole("textbox", { name: "Article" }).click();
    await page.keyboard.type("A body worth keeping.");
    await page.keyboard.press("Escape");
    const confirm = page.getByRole("dialog", { name: "Discard changes?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await dialog.getByLabel("Heading", { exact: true }).inputValue()).toBe("A heading worth keeping");
    await expect
      .poll(() => dialog.getByRole("textbox", { name: "Article" }).textContent())
      .toContain("A body worth keeping.");

    await dialog.getByLabel("Heading", { exact: true }).focus();
    await page.keyboard.press("Escape");
    await confirm.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "New post" }).click();
    expect(await dialog.getByLabel("Heading", { exact: true }).inputValue()).toBe("");
    // An untouched form closes at once.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });

  it("moves focus to the first invalid field after a failed save", async () => {
    const { page } = await openSignedIn("/dashboard/blog");
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Author").fill("Someone");
    await dialog.getByRole("button", { name: "Save post" }).click();
    await dialog.getByText("Enter a heading").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-heading");
  });

  it("adds a link through the link dialog and an uploaded body image with alt text, shown on the public post", async () => {
    const heading = `Body image ${Date.now()}`;
    const { page, errors } = await openSignedIn("/dashboard/blog");
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Heading", { exact: true }).fill(heading);
    const article = dialog.getByRole("textbox", { name: "Article" });
    await article.click();
    await page.keyboard.type("Read the guide");
    // Select the last word and link it.
    await page.keyboard.down("Shift");
    for (let i = 0; i < "guide".length; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.up("Shift");
    await dialog.getByRole("button", { name: "Link" }).click();
    const link = page.getByRole("dialog", { name: "Add link" });
    await link.getByLabel("Link address").fill("javascript:alert(1)");
    await link.getByRole("button", { name: "Add link" }).click();
    await link.getByText(/Use an address starting with https:\/\//).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
      .toBe("true");
    await link.getByLabel("Link address").fill("https://example.com/guide");
    await shot(page, "link-dialog-1280");
    await link.getByRole("button", { name: "Add link" }).click();
    await link.waitFor({ state: "hidden" });
    await expect.poll(() => article.locator("a").getAttribute("href")).toBe("https://example.com/guide");
    expect(await article.locator("a").textContent()).toBe("guide");

    await article.click();
    await page.keyboard.press("End");
    await dialog.getByRole("button", { name: "Image", exact: true }).click();
    const insert = page.getByRole("dialog", { name: "Insert image" });
    await insert
      .getByLabel("Image file")
      .setInputFiles(
        await pngFile("office.png", { width: 800, height: 450, background: { r: 200, g: 120, b: 40 } }),
      );
    // Alt text is required.
    await insert.getByRole("button", { name: "Insert image" }).click();
    await insert.getByText("Describe the image for people who cannot see it").waitFor();
    await insert.getByLabel("Alt text").fill("Orange wall of the Pune office");
    await shot(page, "image-dialog-1280");
    await insert.getByRole("button", { name: "Insert image" }).click();
    await insert.waitFor({ state: "hidden" });
    const inserted = article.locator("img");
    await inserted.waitFor();
    expect(await inserted.getAttribute("src")).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.webp$/);
    expect(await inserted.getAttribute("alt")).toBe("Orange wall of the Pune office");
    await expectAccessible(page);

    await dialog.getByLabel("Status").selectOption("published");
    await savePostPublishingNow(page, dialog);

    const [found] = (await (await fetch(`${site()}/api/blog_details/`)).json()) as {
      id: number;
      heading: string;
    }[];
    expect(found?.heading).toBe(heading);
    const post = await browser.newPage();
    await post.page.goto(`${site()}${await publicPath(found!.id)}`);
    const img = post.page.locator("article .prose-content img");
    await img.waitFor();
    expect(await img.getAttribute("alt")).toBe("Orange wall of the Pune office");
    expect(await img.getAttribute("src")).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.webp$/);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    expect(await post.page.locator("article .prose-content a").getAttribute("href")).toBe(
      "https://example.com/guide",
    );
    expect(errors).toEqual([]);
  });

  it("opens a draft's preview link without signing in, marked noindex; a new link or Revoke links voids it", async () => {
    const heading = `Preview draft ${Date.now()}`;
    const id = await createDraft(heading, "<p>Words only the preview shows.</p>");
    const { page } = await openSignedIn("/dashboard/blog");
    await findRow(page, heading);
    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${heading}` });
    await dialog.getByRole("button", { name: "New preview link" }).click();
    const field = dialog.getByLabel(/Preview link \(anyone with it/);
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${site()}/blog/preview/${id}/[\\w-]+\\.[\\w-]+$`));
    await shot(page, "editor-preview-link-1280");

    // A fresh browser context: no cookies, no session.
    const reader = await browser.newPage();
    const response = await reader.page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await reader.page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await reader.page.getByText("Words only the preview shows.").waitFor();
    expect(await reader.page.locator('meta[name="robots"]').getAttribute("content")).toBe(
      "noindex, nofollow",
    );
    await waitForHydration(reader.page);
    await expectAccessible(reader.page);
    await shot(reader.page, "preview-page-1280");
    await reader.page.setViewportSize({ width: 390, height: 844 });
    await shot(reader.page, "preview-page-390");
    // Not public otherwise, and a tampered link opens nothing.
    expect(await status(`/api/blog_details/${id}/`)).toBe(404);
    const tampered = await reader.page.goto(url.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(tampered?.status()).toBe(403);
    await reader.page.getByText("This preview link is not valid.").waitFor();

    // A new link voids the first one; Revoke links voids the new one too.
    await dialog.getByRole("button", { name: "New preview link" }).click();
    await expect.poll(() => field.inputValue()).not.toBe(url);
    const second = await field.inputValue();
    const replaced = await reader.page.goto(url);
    expect(replaced?.status()).toBe(410);
    await reader.page.getByText("This preview link was replaced or revoked.").waitFor();
    expect((await reader.page.goto(second))?.status()).toBe(200);
    await dialog.getByRole("button", { name: "Revoke links" }).click();
    await page.getByText("Preview links revoked: no link made so far opens this post.").waitFor();
    await field.waitFor({ state: "detached" });
    await shot(page, "editor-links-revoked-1280");
    expect((await reader.page.goto(second))?.status()).toBe(410);
    await reader.page.getByText("This preview link was replaced or revoked.").waitFor();
    await expectAccessible(reader.page);
    // The console's admin sees who revoked them in the audit log (newest first).
    const { audit_log_data: entries } = await api<{
      audit_log_data: { entity: string; entity_id: string; after: unknown }[];
    }>("GET", "/api/audit_log?page_size=20");
    expect(
      entries.filter((e) => e.entity === "blog_post" && e.entity_id === String(id)).map((e) => e.after),
    ).toContainEqual({ preview_version: 3, preview_links: "revoked" });
  });

  it("restores an earlier revision's heading and body from History", async () => {
    const stamp = Date.now();
    const oldHeading = `Revision one ${stamp}`;
    const id = await createDraft(oldHeading, "<p>The original opening paragraph.</p>");
    const newHeading = `Revision two ${stamp}`;
    await api("PATCH", `/api/blog/${id}`, draftPost(newHeading, "<p>A rewritten opening paragraph.</p>"));

    const { page, errors } = await openSignedIn("/dashboard/blog");
    await findRow(page, newHeading);
    await page.getByRole("button", { name: `Edit ${newHeading}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${newHeading}` });
    await dialog.getByRole("tab", { name: "History" }).click();
    // Arrow keys move between tabs (Radix tabs).
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => dialog.getByRole("tab", { name: "Preview" }).getAttribute("aria-selected"))
      .toBe("true");
    await dialog.getByRole("tab", { name: "History" }).click();
    const versions = dialog.getByRole("radio");
    await expect.poll(() => versions.count()).toBe(2);
    await versions.last().check();
    const changes = dialog.getByRole("region", { name: "Changes" });
    await changes.locator("del", { hasText: "original" }).waitFor();
    expect(await changes.locator("ins", { hasText: "rewritten" }).count()).toBe(1);
    expect(await changes.locator("del", { hasText: "one" }).count()).toBe(1);
    await expectAccessible(page);
    await shot(page, "history-1280");
    await dialog.getByRole("button", { name: "Restore this version" }).click();
    await page.getByText("Revision restored.").waitFor();
    // The dialog is named after the saved heading, which is the old one again.
    const restored = page.getByRole("dialog", { name: `Edit ${oldHeading}` });
    await restored.waitFor();
    await expect.poll(() => restored.getByLabel("Heading", { exact: true }).inputValue()).toBe(oldHeading);
    await expect
      .poll(() => restored.getByRole("textbox", { name: "Article" }).textContent())
      .toContain("The original opening paragraph.");
    // Focus moved to the restored heading, and nothing is left unsaved: Escape closes without asking.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-heading");
    await page.keyboard.press("Escape");
    await restored.waitFor({ state: "hidden" });

    const saved = await api<{ data: { heading: string; full_description: string } }>(
      "GET",
      `/api/blog/${id}`,
    );
    expect(saved.data).toMatchObject({
      heading: oldHeading,
      full_description: "<p>The original opening paragraph.</p>",
    });
    const history = await api<{ data: unknown[] }>("GET", `/api/blog/${id}/revisions`);
    expect(history.data).toHaveLength(3);
    const audit = await api<{ audit_log_data: unknown[] }>("GET", "/api/audit_log?page=1&page_size=10");
    expect(JSON.stringify(audit)).toContain(oldHeading);
    expect(errors).toEqual([]);
  });

  it("schedules a post with the India-time control: hidden until its time, then public", async () => {
    const heading = `Scheduled ${Date.now()}`;
    // The next whole minute at least 25 s away (the control has minutes).
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    const { page, errors } = await openSignedIn("/dashboard/blog");
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Heading", { exact: true }).fill(heading);
    await dialog.getByRole("textbox", { name: "Article" }).click();
    await page.keyboard.type("Goes out on its own time.");
    await dialog.getByLabel("Status").selectOption("published");
    await dialog.getByLabel("Publication date and time (India time)").fill(indiaInput(at));
    await dialog.getByText(/Scheduled: goes public on/).waitFor();
    await shot(page, "schedule-1280");
    await dialog.getByRole("button", { name: "Schedule post" }).click();
    await page.getByText("Post created.").waitFor();
    await findRow(page, heading);
    await page
      .locator("tbody tr")
      .filter({ hasText: heading })
      .getByText("Scheduled", { exact: true })
      .waitFor();

    const list = await api<{ blog_data: { id: number; heading: string; published_at: string }[] }>(
      "GET",
      `/api/blog?search=${encodeURIComponent(heading)}`,
    );
    const row = list.blog_data[0]!;
    expect(Date.parse(row.published_at)).toBe(at.getTime());
    const path = `/blog/${row.id}`;
    if (Date.now() < at.getTime() - 2000) expect(await status(`/api/blog_details/${row.id}/`)).toBe(404);
    // Then it appears, with no further write: the detail at its time, the list within the page cache's 30 s.
    await expect
      .poll(() => status(`/api/blog_details/${row.id}/`), { timeout: 90_000, interval: 2000 })
      .toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(await status(path)).not.toBe(404);
    await expect
      .poll(async () => (await fetch(`${site()}/blog`)).text(), { timeout: 45_000, interval: 3000 })
      .toContain(heading);
    expect(errors).toEqual([]);
  }, 180_000);

  it("fits the editor on a phone", async () => {
    const heading = `Phone edit ${Date.now()}`;
    await createDraft(heading, "<p>Phone body.</p>");
    const { page } = await openSignedIn("/dashboard/blog", 390);
    await findRow(page, heading);
    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${heading}` });
    await dialog.getByRole("button", { name: "Revoke links" }).waitFor();
    await shot(page, "editor-390");
    await dialog.getByRole("tab", { name: "History" }).click();
    await dialog.getByRole("radio").first().waitFor();
    await shot(page, "history-390");
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
