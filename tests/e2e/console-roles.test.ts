import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn, signIn } from "./support/console";
import { waitForHydration } from "./support/browser";

const browser = setupBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

let sequence = 0;
/** A fresh editor, made through the API by the e2e admin. */
async function newEditor() {
  const who = {
    username: `e2e-role-${Date.now() % 1_000_000}-${++sequence}`,
    password: "editor-passphrase-123",
  };
  const res = await fetch(`${baseURL()}/api/operators`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ ...who, role: "editor" }),
  });
  expect(res.status).toBe(201);
  return who;
}

describe("a first screen for every role", () => {
  it("an editor lands on their first screen, and /dashboard takes them there too", async () => {
    const editor = await newEditor();
    const { page, errors } = await browser.open("/dashboard/login?next=%2Fdashboard%2Fhome", PHONE);
    await waitForHydration(page);
    await signIn(page, editor);
    // `next` pointed at an administrators' screen: the editor lands on theirs instead.
    await page.waitForURL("**/dashboard/blog");
    await page.getByRole("heading", { name: "Blog", level: 1 }).waitFor();
    await page.goto("/dashboard");
    await page.waitForURL("**/dashboard/blog");
    expect(errors).toEqual([]);
  });

  it("an administrators' screen opened by an editor says so and offers theirs, with no failing buttons", async () => {
    const editor = await newEditor();
    const { page, errors } = await openSignedIn(browser, "/dashboard/blog", PHONE, editor);
    await page.goto("/dashboard/services/truck_details");
    await page.getByRole("heading", { name: "Trucks is for administrators" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(await page.getByText("Could not load the list.").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Add|Import)/ }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to Blog" }).click();
    await page.waitForURL("**/dashboard/blog");
    expect(errors).toEqual([]);
  });

  it("an administrator's /dashboard is the directory's first screen", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/account", PHONE);
    await page.goto("/dashboard");
    await page.waitForURL("**/dashboard/home");
  });
});

describe("errors raised in a dialog", () => {
  it("are shown inside the dialog on a phone, where the sheet covers the page", async () => {
    const taken = await newEditor();
    const { page } = await openSignedIn(browser, "/dashboard/operators", PHONE);
    await page.getByRole("button", { name: "Invite operator" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite operator" });
    await dialog.getByLabel("Username").fill(taken.username);
    await dialog.getByLabel("E-mail address").fill(`new-${taken.username}@example.com`);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const refusal = dialog.locator("[data-toast=error]");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("already exists");
    // Drawn above the sheet: the point at its centre belongs to the toast, not to the dialog's fields.
    const box = (await refusal.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("[data-toast]") !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    // What a role may do is said under the select, whole, at 390 px.
    const scope = dialog.locator("#new-role-scope");
    expect(await scope.textContent()).toBe("Blog, team, jobs, comments, applications and enquiries.");
    expect(await scope.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  });
});
