import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { asAdmin, freshPhone, openSignedIn, sendEnquiry } from "./support/console";

// after a dialog closes, focus goes back to the control that opened it, or, once a delete removed
// that control or a save re-rendered it, to a stable stand-in; never to the page body.

const browser = setupBrowser();
const LAPTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 } };

/** Enquiries from the public form, one per first name, all with `marker` as their last name. */
async function enquiries(marker: string, firstNames: string[]) {
  for (const first of firstNames) {
    await sendEnquiry({
      first_name: first,
      last_name: marker,
      email: `${first.toLowerCase()}@example.com`,
      message: `Testing where the focus goes, ${first} ${marker}.`,
    });
  }
}

/** The focused element, described: "body", a heading's "h1 Enquiries", or a control's tag and name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
    return `${el.tagName.toLowerCase()} ${name}`;
  });

/** Closes `dialog` with `close`, then waits until it is gone and `opener` has the focus again. */
async function closeBackTo(opener: Locator, dialog: Locator, close: () => Promise<unknown>) {
  await close();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

async function confirmDelete(page: Page, title: string) {
  const confirm = page.getByRole("dialog", { name: title });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => confirm.count()).toBe(0);
}

describe("focus after a confirmed delete", () => {
  for (const [size, options] of [
    ["1280", LAPTOP],
    ["390", PHONE],
  ] as const) {
    it(`moves to the next record's Delete, then to the list's heading once none is left (${size} px)`, async () => {
      const marker = `Focus${size}x${Date.now()}`;
      await enquiries(marker, ["Anil", "Bela"]);
      const { page, errors } = await openSignedIn(browser, `/dashboard/enquiries?search=${marker}`, options);
      const records = page.locator("tbody tr, .list-cards li").filter({ hasText: marker });
      await expect.poll(() => records.count()).toBe(2);
      const firstDelete = page.getByRole("button", { name: /^Delete enquiry from/ }).first();
      const name = (await firstDelete.textContent())!;
      const other = name.includes("Anil") ? "Bela" : "Anil";

      await firstDelete.click();
      await confirmDelete(page, "Delete enquiry");
      await expect.poll(() => records.count()).toBe(1);
      await expect.poll(() => focused(page)).toBe(`button Delete enquiry from ${other} ${marker}`);

      // The keyboard carries on from there: Enter asks about the next one.
      await page.keyboard.press("Enter");
      await confirmDelete(page, "Delete enquiry");
      await expect.poll(() => records.count()).toBe(0);
      await expect.poll(() => focused(page)).toBe("h1 Enquiries");
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }
});

describe("focus after a dialog on the blog list", () => {
  it("returns to the post's Edit after Escape, Cancel and Save", async () => {
    const heading = `Focus post ${Date.now()}`;
    await asAdmin("POST", "/api/blog", {
      heading,
      sub_heading: "Where the focus goes",
      full_description: "<p>Body.</p>",
      tags: "GCC",
      author: "Focus Test",
      language: "English",
      status: "draft",
    });
    const { page, errors } = await openSignedIn(
      browser,
      `/dashboard/blog?search=${encodeURIComponent(heading)}`,
      LAPTOP,
    );
    const edit = page.getByRole("button", { name: `Edit ${heading}` });
    const dialog = page.getByRole("dialog", { name: `Edit ${heading}` });

    await edit.click();
    await dialog.getByLabel("Heading", { exact: true }).waitFor();
    await closeBackTo(edit, dialog, () => page.keyboard.press("Escape"));

    await page.keyboard.press("Enter");
    await closeBackTo(edit, dialog, () => dialog.getByRole("button", { name: "Cancel" }).click());

    await page.keyboard.press("Enter");
    await dialog.getByLabel("Tags (comma-separated)").fill("GCC, Focus");
    await closeBackTo(edit, dialog, () => dialog.getByRole("button", { name: "Save post" }).click());
    expect(errors).toEqual([]);
  });
});

describe("focus after a dialog on the CRM board", () => {
  it("returns to the card after Escape and the close button, and follows it to its new column after Save", async () => {
    const name = `Focus lead ${Date.now() % 1_000_000}`;
    const { data } = await asAdmin<{ data: { id: number } }>("POST", "/api/crm/leads", {
      name,
      contact_no: freshPhone(),
      status: "HOT",
      follow_up_date: "2024-01-01",
    });
    const { page, errors } = await openSignedIn(
      browser,
      "/dashboard/crm?view=before_sale&layout=board",
      LAPTOP,
    );
    const card = page
      .locator(`[data-card="${data.id}"]`)
      .getByRole("button", { name: new RegExp(`^${name}`) });
    const dialog = page.getByRole("dialog", { name: `Lead · ${name}` });
    const columnOfFocus = () =>
      page.evaluate(() => document.activeElement?.closest("[data-column]")?.getAttribute("data-column"));

    await card.focus();
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Status").waitFor();
    await closeBackTo(card, dialog, () => page.keyboard.press("Escape"));

    await page.keyboard.press("Enter");
    await closeBackTo(card, dialog, () => dialog.getByRole("button", { name: "Close dialog" }).click());

    // Saving WARM moves the card to another column: a new element, which gets the focus.
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Status").selectOption("WARM");
    await closeBackTo(card, dialog, () => dialog.getByRole("button", { name: "Save status" }).click());
    expect(await columnOfFocus()).toBe("WARM");
    expect(errors).toEqual([]);
  });
});
