import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describedBy } from "./support/files";
import { expectAccessible, setupBrowser } from "./support/browser";
import { freshPhone, openSignedIn as openConsole } from "./support/console";
import { TEST_ADMIN } from "./support/server";

const browser = setupBrowser();
const openSignedIn = (path: string, options = {}) => openConsole(browser, path, options);

const PHONE = { width: 390, height: 844 };

/** The element that has focus: its id, or its text for a button. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || "");

async function openAddTruck(page: Page) {
  await page.getByRole("button", { name: "Add truck" }).click();
  const dialog = page.getByRole("dialog", { name: "Add truck" });
  await dialog.getByLabel("Owner name").waitFor();
  return dialog;
}

const discard = (page: Page) => page.getByRole("dialog", { name: "Discard changes?" });

describe("discard guard", () => {
  it("asks before Escape, the close button or a navigation throws typed text away", async () => {
    const { page, errors } = await openSignedIn("/dashboard/home");
    // A client-side visit, so the browser's Back button is an in-app navigation the guard can stop.
    await page.getByRole("link", { name: "Trucks" }).click();
    await page.waitForURL("**/dashboard/services/truck_details");
    let dialog = await openAddTruck(page);

    // Untouched, Escape closes at once.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    dialog = await openAddTruck(page);
    await dialog.getByLabel("Owner name").fill("Ramesh Kumar");
    await page.keyboard.press("Escape");
    await discard(page).waitFor();
    // The question starts on the safe answer.
    expect(await focused(page)).toBe("Keep editing");
    await expectAccessible(page);
    await discard(page).getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => discard(page).count()).toBe(0);
    expect(await dialog.getByLabel("Owner name").inputValue()).toBe("Ramesh Kumar");
    // Focus is back inside the form, on the field being edited.
    expect(await focused(page)).toBe("field-owner_name");

    // The close button asks too.
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await discard(page).waitFor();
    await discard(page).getByRole("button", { name: "Keep editing" }).click();
    expect(await dialog.getByLabel("Owner name").inputValue()).toBe("Ramesh Kumar");

    // So does leaving the screen (Back): keeping stays here, discarding goes.
    await page.goBack();
    await discard(page).waitFor();
    await discard(page).getByRole("button", { name: "Keep editing" }).click();
    expect(new URL(page.url()).pathname).toBe("/dashboard/services/truck_details");
    expect(await dialog.getByLabel("Owner name").inputValue()).toBe("Ramesh Kumar");

    // Escape, then Discard: the dialog closes and a new one starts empty.
    await page.keyboard.press("Escape");
    await discard(page).getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => discard(page).count()).toBe(0);
    dialog = await openAddTruck(page);
    expect(await dialog.getByLabel("Owner name").inputValue()).toBe("");
    await dialog.getByLabel("Owner name").fill("Someone");
    await page.goBack();
    await discard(page).getByRole("button", { name: "Discard" }).click();
    await page.waitForURL("**/dashboard/home");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("guards the kit's forms too: a typed job title asks before Escape", async () => {
    const { page } = await openSignedIn("/dashboard/jobs");
    await page.getByRole("button", { name: "Post a job" }).click();
    const dialog = page.getByRole("dialog", { name: "Post a job" });
    await dialog.getByLabel("Job title").fill("Data analyst");
    await page.keyboard.press("Escape");
    await discard(page).getByRole("button", { name: "Keep editing" }).click();
    expect(await dialog.getByLabel("Job title").inputValue()).toBe("Data analyst");
    // Typed back to how it was, the form is clean again and closes without asking.
    await dialog.getByLabel("Job title").fill("");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await discard(page).count()).toBe(0);
  });
});

describe("a failed submit", () => {
  it("focuses the first invalid field, describes it by its message and announces the count", async () => {
    const { page, errors } = await openSignedIn("/dashboard/jobs");
    await page.getByRole("button", { name: "Post a job" }).click();
    const dialog = page.getByRole("dialog", { name: "Post a job" });
    await dialog.getByLabel("Location").fill("Hyderabad");
    await dialog.getByRole("button", { name: "Save" }).click();
    const title = dialog.getByLabel("Job title");
    await expect.poll(() => focused(page)).toBe("field-job_title");
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await describedBy(title)).toMatch(/\S/);
    // Location was valid: not marked.
    expect(await dialog.getByLabel("Location").getAttribute("aria-invalid")).toBeNull();
    const alert = dialog.getByRole("alert").filter({ hasText: "need" });
    expect(await alert.textContent()).toMatch(/^\d+ fields? needs? attention\.$/);
    await expectAccessible(page);

    // Fixing it and saving again clears the marks.
    await title.fill(`Forms test ${Date.now() % 100000}`);
    await dialog.getByLabel("Responsibilities").fill("Build dashboards");
    await dialog.getByLabel("Requirements").fill("SQL");
    await dialog.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Work with the analytics team.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Job posted.").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("in a directory dialog, focuses the mobile number that must be verified first", async () => {
    const { page } = await openSignedIn("/dashboard/services/load_details");
    await page.getByRole("button", { name: "Add load" }).click();
    const dialog = page.getByRole("dialog", { name: "Add load" });
    await dialog.getByLabel("Material").fill("Steel");
    await dialog.getByRole("button", { name: "Create load" }).click();
    const mobile = dialog.getByLabel("Member's mobile number");
    await expect.poll(() => focused(page)).toBe("field-contact_no");
    expect(await describedBy(mobile)).toContain("Verify the member's mobile number first.");
    await dialog.getByRole("alert").filter({ hasText: "attention" }).waitFor();
  });

  it("on the settings screen, focuses the field the schema refused", async () => {
    const { page } = await openSignedIn("/dashboard/settings");
    const email = page.getByLabel("HR e-mail (job applications)");
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => focused(page)).toBe("field-hr_email");
    expect(await describedBy(email)).toContain("Enter a valid e-mail address");
    expect(await page.getByRole("alert").filter({ hasText: "1 field needs attention." }).count()).toBe(1);
  });

  it("saves a valid member form (the body built from the values, state as a number)", async () => {
    const { page, errors } = await openSignedIn("/dashboard/home");
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add member" });
    await dialog.getByRole("button", { name: "Create member" }).click();
    await expect.poll(() => focused(page)).toBe("field-member-first_name");
    await dialog.getByLabel("First name").fill("Forms");
    await dialog.getByLabel("Last name").fill("Tester");
    await dialog.getByLabel("Mobile number").fill(freshPhone());
    await dialog.getByLabel("State").selectOption("18");
    await dialog.getByLabel("Service category").selectOption("Lorry Owner");
    await dialog.getByRole("button", { name: "Create member" }).click();
    await page.getByText("Member created.").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("still shows the server's refusal (a 409) and keeps the dialog open", async () => {
    const { page } = await openSignedIn("/dashboard/operators");
    await page.getByRole("button", { name: "Invite operator" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite operator" });
    await dialog.getByLabel("Username").fill(TEST_ADMIN.username);
    await dialog.getByLabel("E-mail address").fill("someone-new@example.com");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    // Said by the field and in the dialog's toast.
    await page.getByText(`An operator named "${TEST_ADMIN.username}" already exists`).first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });
});

describe("analytics tabs", () => {
  it("are real tabs: panels named by their tab, arrow keys move and select", async () => {
    const { page, errors } = await openSignedIn("/dashboard/analytics");
    const list = page.getByRole("tablist", { name: "Record type" });
    const load = list.getByRole("tab", { name: "Load" });
    await load.waitFor();
    expect(await load.getAttribute("aria-selected")).toBe("true");
    const panelId = await load.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    expect(await panel.getAttribute("role")).toBe("tabpanel");
    expect(await panel.getAttribute("aria-labelledby")).toBe(await load.getAttribute("id"));
    await panel.getByRole("table").waitFor();
    // Exactly one panel shows; every tab controls an element in the page.
    expect(await page.getByRole("tabpanel").count()).toBe(1);
    for (const tab of await list.getByRole("tab").all())
      expect(await page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`).count()).toBe(1);

    await load.focus();
    await page.keyboard.press("ArrowRight");
    const truck = list.getByRole("tab", { name: "Truck" });
    await expect.poll(() => truck.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => truck.getAttribute("aria-selected")).toBe("true");
    expect(await load.getAttribute("aria-selected")).toBe("false");
    await expect.poll(() => new URL(page.url()).searchParams.get("entity")).toBe("truck");
    const truckPanel = page.getByRole("tabpanel");
    expect(await truckPanel.getAttribute("aria-labelledby")).toBe(await truck.getAttribute("id"));
    await truckPanel.getByRole("heading", { name: /^Truck records/ }).waitFor();
    // Only the active tab is in the Tab order.
    expect(await load.getAttribute("tabindex")).toBe("-1");
    // The tabs and panels pass axe; the chart's own tooltip belongs to the charts' own work.
    const axe = await new AxeBuilder({ page }).exclude(".recharts-tooltip-wrapper").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("dialog layout", () => {
  it("is a full-height sheet inside the viewport on a 390 px phone", async () => {
    const { page } = await openSignedIn("/dashboard/services/truck_details", { viewport: PHONE });
    const dialog = await openAddTruck(page);
    // The entry transition is over when the box stops moving.
    await expect
      .poll(async () => JSON.stringify(await dialog.boundingBox()), { interval: 350 })
      .toBe(JSON.stringify({ x: 0, y: 0, width: PHONE.width, height: PHONE.height }));
    // Every label is on screen, and the form scrolls inside the sheet, not the page.
    const label = await dialog.getByText("Owner name", { exact: true }).boundingBox();
    expect(label!.x).toBeGreaterThanOrEqual(0);
    expect(label!.x + label!.width).toBeLessThanOrEqual(PHONE.width);
    // Nothing in the sheet scrolls sideways (the page behind is the layout work's).
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // It opens on its first field, not on the close button.
    expect(await focused(page)).toBe("field-contact_no");
    await page.screenshot({ path: "/tmp/forms-add-truck-390.png" });
    await dialog.getByRole("button", { name: "Create truck" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/forms-add-truck-390-bottom.png" });
    await expectAccessible(page);

    // A confirmation is a sheet at the bottom, as tall as its content.
    await dialog.getByLabel("Owner name").fill("Ramesh Kumar");
    await page.keyboard.press("Escape");
    await expect
      .poll(async () => {
        const box = (await discard(page).boundingBox())!;
        return [box.x, box.width, Math.round(box.y + box.height), box.y > PHONE.height / 2];
      })
      .toEqual([0, PHONE.width, PHONE.height, true]);
    await page.screenshot({ path: "/tmp/forms-discard-390.png" });
  });

  it("is centred and sized by kind at 1280 px", async () => {
    const { page } = await openSignedIn("/dashboard/services/truck_details");
    const dialog = await openAddTruck(page);
    expect(await dialog.getAttribute("data-size")).toBe("lg");
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        return [box.width, Math.round(box.x + box.width / 2)];
      })
      .toEqual([768, 640]);
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await page.screenshot({ path: "/tmp/forms-add-truck-1280.png" });
  });
});
