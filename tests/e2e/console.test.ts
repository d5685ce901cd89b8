import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { openSignedIn as openConsole, signIn } from "./support/console";
import { startServer, TEST_ADMIN, type RunningServer } from "./support/server";

const browser = setupBrowser();

const openSignedIn = (path: string, options = {}) => openConsole(browser, path, options);

describe("console sign-in", () => {
  it("sends a visitor to sign in and back to the page they wanted", async () => {
    const { page, errors } = await openSignedIn("/dashboard/enquiries");
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    expect(await page.evaluate(() => document.cookie)).toMatch(/token=/);
    expect(await page.evaluate(() => document.cookie)).toMatch(/user_id=\d+/);
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("shows one message for wrong credentials", async () => {
    const { page } = await browser.open("/dashboard/login");
    await waitForHydration(page);
    await page.getByLabel("Username").fill("nobody");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Incorrect" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Incorrect username or password.");
    await expectAccessible(page);
  });

  it("signs out: clears the session and the server refuses the old refresh token", async () => {
    const { page } = await openSignedIn("/dashboard/enquiries");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/dashboard\/login/);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/token=/);
    const refresh = await page.evaluate(async () => (await fetch("/refresh_token")).json());
    expect(refresh.error_code).toBe(401);
    await page.goto("/dashboard/settings");
    await page.waitForURL("**/dashboard/login?next=%2Fdashboard%2Fsettings");
  });
});

describe("refresh from a page that is not the console's script", () => {
  it("an image pointing at /refresh_token neither rotates nor ends the session", async () => {
    const { page } = await openSignedIn("/dashboard/enquiries");
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname.startsWith("/refresh_token")) statuses.push(r.status());
    });
    // What <img src="/refresh_token"><img src="/refresh_token/"> in a post would make Chromium send (two
    // addresses of one route, so the image cache does not merge them; a query string is refused before).
    await page.evaluate(() =>
      Promise.all(
        ["/refresh_token", "/refresh_token/"].map(
          (src) =>
            new Promise((done) => {
              const image = new Image();
              image.onload = image.onerror = done;
              image.src = src;
            }),
        ),
      ),
    );
    expect(statuses).toEqual([403, 403]);
    const refresh = await page.evaluate(async () => (await fetch("/refresh_token")).json());
    expect(refresh.error_code).toBe(200);
  });
});

describe("console shell", () => {
  it("shows the console not-found page for unknown paths, answered with HTTP 404", async () => {
    const { page } = await openSignedIn("/dashboard/nothing-here");
    const answer = await page.goto(`${baseURL()}/dashboard/nothing-here`);
    expect(answer?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page Not Found!");
    await page.getByText("Oops! The page you are looking for does not exist").waitFor();
    await page.getByRole("link", { name: "BACK TO HOME" }).click();
    await page.waitForURL("**/dashboard/home");
  });

  it("turns the sidebar into an offcanvas below 1200 px that closes at 1200 px or more", async () => {
    const { page } = await openSignedIn("/dashboard/enquiries", { viewport: { width: 1000, height: 800 } });
    const sidebar = page.locator("#console-sidebar");
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    expect(await sidebar.getAttribute("data-open")).toBe("true");
    await page.setViewportSize({ width: 1250, height: 800 });
    await expect.poll(() => sidebar.getAttribute("data-open")).toBe("false");
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Open navigation" }).isVisible()).toBe(false);
  });

  it("keeps list filters in the URL so they survive a reload, and resets to page 1", async () => {
    const { page } = await openSignedIn("/dashboard/enquiries?page=3");
    await page.getByRole("button", { name: /^Filters/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.getByLabel("Status").selectOption("closed");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?status=closed");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Filters (1)" }).waitFor();
  });

  it("keeps a modal open on a backdrop click, traps focus, and closes on Escape returning focus", async () => {
    const { page } = await openSignedIn("/dashboard/enquiries");
    const opener = page.getByRole("button", { name: /^Filters/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("data-size")).toBe("lg");
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toMatch(/Filters/);
  });
});

describe("enquiry inbox", () => {
  it("finds a new enquiry, updates its status and exports the filtered CSV", async () => {
    const marker = `Zephyr${Date.now()}`;
    const res = await fetch(`${baseURL()}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: marker,
        last_name: "Tester",
        email: "zephyr@example.com",
        message: "Please call us about Pune.",
        privacy_consent: true,
      }),
    });
    expect(res.status).toBe(201);
    const { page } = await openSignedIn("/dashboard/enquiries");
    await page.getByLabel("Search").fill(marker);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("button", { name: `Open enquiry from ${marker} Tester` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Please call us about Pune.").waitFor();
    await dialog.getByLabel("Status").selectOption("contacted");
    await dialog.getByLabel("Notes").fill("Left a voicemail");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Enquiry updated.").waitFor();
    // The status is a select in the row now (changed in place, optimistically).
    await expect
      .poll(() => page.getByLabel(`Status of the enquiry from ${marker} Tester`).inputValue())
      .toBe("contacted");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString("utf8");
    expect(text.trim().split("\r\n")).toHaveLength(2);
    expect(text).toContain(marker);
    expect(text).toContain("Left a voicemail");
  });

  it("asks before deleting", async () => {
    const marker = `Delete${Date.now()}`;
    await fetch(`${baseURL()}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: marker,
        last_name: "Me",
        email: "del@example.com",
        message: "Remove me",
        privacy_consent: true,
      }),
    });
    const { page } = await openSignedIn(`/dashboard/enquiries?search=${marker}`);
    await page.getByRole("button", { name: `Delete enquiry from ${marker} Me` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete enquiry" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("button", { name: `Delete enquiry from ${marker} Me` }).click();
    await page
      .getByRole("dialog", { name: "Delete enquiry" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByText("No enquiries match.").waitFor();
  });
});

// Its own server: changing the footer on the shared one would race other files reading the public pages.
describe("site settings", () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("changes what the public footer shows", async () => {
    const { page } = await openSignedIn(`${server!.url}/dashboard/settings`);
    const phone = page.getByLabel("Phone, India");
    const original = await phone.inputValue();
    await phone.fill("+91 120 999 8888");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText(/Settings saved/).waitFor();
    const html = await (await fetch(`${server!.url}/`)).text();
    expect(html).toContain("+91 120 999 8888");
    expect(html).not.toContain(original);
  });

  it("shows field errors from the shared schema and saves nothing", async () => {
    const { page } = await openSignedIn(`${server!.url}/dashboard/settings`);
    await page.getByLabel("Info e-mail (receives enquiries)").fill("not-an-email");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Enter a valid e-mail address").waitFor();
    expect(await page.getByLabel("Info e-mail (receives enquiries)").getAttribute("aria-invalid")).toBe(
      "true",
    );
  });
});

describe("expired access token", () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: "5" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is refreshed once and the request retried", async () => {
    const { page } = await browser.open(`${server!.url}/dashboard/login?next=/dashboard/enquiries`);
    await waitForHydration(page);
    await signIn(page);
    await page.waitForURL("**/dashboard/enquiries");
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    const refreshes: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/refresh_token")) refreshes.push(r.status());
    });
    await new Promise((r) => setTimeout(r, 6000));
    await page.getByRole("link", { name: "Operators" }).click();
    await page.getByRole("cell", { name: TEST_ADMIN.username, exact: true }).first().waitFor();
    expect(refreshes).toEqual([200]);
  });
});
