import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken } from "./support/console";

const browser = setupBrowser();

let token = "";
beforeAll(async () => {
  token = await adminToken();
});

/** How many stored enquiries match `search`, read through the console's API. */
async function storedCount(search: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/contact_requests?search=${encodeURIComponent(search)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total_no_of_data: number }).total_no_of_data;
}

const unique = (label: string) => `${label}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

async function openForm(path = "/contact") {
  const opened = await browser.open(path);
  await waitForHydration(opened.page);
  const posts: Request[] = [];
  opened.page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/contact_requests")) posts.push(request);
  });
  return { ...opened, posts };
}

async function fillValid(page: Page, email: string) {
  const form = page.locator("form");
  await form.getByLabel("First name").fill("Asha");
  await form.getByLabel("Last name").fill("Verma");
  await form.getByLabel("Organization").fill("Northwind Retail");
  await form.getByLabel("Official email").fill(email);
  await form.getByLabel("Phone").fill("+91 98765 43210");
  await form.getByLabel("Location").fill("London");
  await form.getByLabel("Message").fill("We are planning a 50-person engineering centre in Pune next year.");
  await form.getByLabel(/I accept the privacy policy/).check();
}

const submit = (page: Page) => page.getByRole("button", { name: "Send message" }).click();

describe("contact form", () => {
  it("shows inline errors from the shared schema, sends nothing and stores nothing on bad input", async () => {
    const { page, posts, errors } = await openForm();
    const email = unique("incomplete");
    await page.getByLabel("Official email").fill(email.replace("@", " at "));
    await submit(page);

    const expected: [RegExp | string, string][] = [
      ["First name", "Enter your first name"],
      ["Last name", "Enter your last name"],
      ["Official email", "Enter a valid official e-mail address"],
      ["Message", "Tell us how we can help"],
      [/I accept the privacy policy/, "Please accept the privacy policy to continue"],
    ];
    for (const [label, message] of expected) {
      const field = page.getByLabel(label);
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await field.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
    }
    // Optional fields stay valid; focus goes to the summary of the problems at the top of the form.
    expect(await page.getByLabel("Organization").getAttribute("aria-invalid")).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(
      /^Your message was not sent/,
    );
    expect(posts).toHaveLength(0);
    expect(await page.getByRole("status").filter({ hasText: "Message sent" }).count()).toBe(0);
    expect(await storedCount(email.split("@")[0]!)).toBe(0);

    // Fixing a field clears its error as the person types.
    await page.getByLabel("First name").fill("Asha");
    await expect.poll(() => page.getByLabel("First name").getAttribute("aria-invalid")).toBeNull();
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("shows the server's field errors when the API rejects the request (400) and stores nothing", async () => {
    const { page } = await openForm();
    const email = unique("server-400");
    await fillValid(page, email);
    // The browser's request is changed on its way out so the real API, not the browser, finds the problem.
    await page.route("**/api/contact_requests", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}");
      await route.continue({ postData: JSON.stringify({ ...body, phone: "call me maybe" }) });
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact_requests")),
      submit(page),
    ]);
    expect(response.status()).toBe(400);
    const phone = page.getByLabel("Phone");
    await expect.poll(() => phone.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await phone.getAttribute("aria-describedby")}"]`).textContent()).toBe(
      "Enter a phone number of 7-20 digits",
    );
    expect(await page.getByText("Message sent").count()).toBe(0);
    expect(await storedCount(email)).toBe(0);
  });

  it("stores a valid enquiry and confirms it in place, once (no toast repeating it)", async () => {
    const { page, errors } = await openForm();
    const email = unique("valid");
    await fillValid(page, email);
    // Hold the request briefly to see the sending state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact_requests", async (route) => {
      await held;
      await route.continue();
    });
    const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/contact_requests"));
    await submit(page);
    const button = page.getByRole("button", { name: "Sending..." });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { data: { id: number }; message: string };
    expect(body.data.id).toBeGreaterThan(0);

    const confirmation = page.getByRole("status").filter({ hasText: "Message sent" });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(body.message);
    expect(await page.getByText(body.message).count()).toBe(1);
    expect(await page.locator("[data-toast]").count()).toBe(0);

    expect(await storedCount(email)).toBe(1);
    expect(errors).toEqual([]);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Send another message" }).click();
    expect(await page.getByLabel("First name").inputValue()).toBe("");
  });

  it("sends one enquiry on a double click of 'Send message', even while the form's checks still load", async () => {
    const { page, posts } = await openForm();
    const email = unique("double");
    // Filled the way a browser's autofill does it: no field was focused, so the checks load on the first press.
    await page.evaluate((address) => {
      const values: Record<string, string> = {
        first_name: "Asha",
        last_name: "Verma",
        email: address,
        message: "We are planning a 50-person engineering centre in Pune next year.",
      };
      for (const [name, value] of Object.entries(values))
        document.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value = value;
      document.querySelector<HTMLInputElement>('[name="privacy_consent"]')!.checked = true;
    }, email);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/contact-validation-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send message" }).dblclick();
    release();
    await page.getByRole("status").filter({ hasText: "Message sent" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(posts).toHaveLength(1);
    expect(await storedCount(email)).toBe(1);
  });

  it("is the same form on model and solution pages", async () => {
    const { page } = await openForm("/details/initiation");
    const email = unique("gcc-page");
    await fillValid(page, email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact_requests")),
      submit(page),
    ]);
    expect(response.status()).toBe(201);
    await page.getByRole("status").filter({ hasText: "Message sent" }).waitFor();
    expect(await storedCount(email)).toBe(1);
  });

  it("turns away a filled honeypot: nothing stored, no confirmation", async () => {
    const { page } = await openForm();
    const email = unique("honeypot");
    await fillValid(page, email);
    const honeypot = page.locator('input[name="url_hp"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    expect(await honeypot.locator("xpath=..").getAttribute("aria-hidden")).toBe("true");
    // Off-screen and 1 px: no person sees or reaches it.
    const box = (await honeypot.boundingBox())!;
    expect(box.x + box.width).toBeLessThan(0);
    await honeypot.fill("http://spam.example"); // what a bot would do
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact_requests")),
      submit(page),
    ]);
    expect(response.status()).toBe(400);
    await page.getByRole("alert").filter({ hasText: "Your message could not be sent." }).waitFor();
    expect(await page.getByText("Message sent").count()).toBe(0);
    expect(await storedCount(email)).toBe(0);
  });

  it("shows the rate limit message (429)", async () => {
    const { page } = await openForm();
    await fillValid(page, unique("limited"));
    const message = "Too many requests. Please wait 7 minute(s) and try again.";
    // The e2e server allows 1000 posts; the real limiter is covered by server/api/contact.test.ts.
    await page.route("**/api/contact_requests", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message, data: [] }),
      }),
    );
    await submit(page);
    await page.locator("form").getByRole("alert").filter({ hasText: message }).waitFor();
    await page.locator("[data-toast=error]").filter({ hasText: message }).waitFor();
    expect(await page.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
  });
});
