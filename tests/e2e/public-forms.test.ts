import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { postPath } from "#shared/slug.ts";
import { samplePdf } from "../support/cv-files";
import { baseURL, expectAccessible, phonePage, SCRIPT_MODES, setupBrowser } from "./support/browser";

/**
 * The public forms (contact, job application, blog comment) at 390 px, with JavaScript and with it off: a
 * refused form comes back filled in with an error summary at the top that has the focus and links to each
 * field, with the same messages either way; a valid one is taken. One page per mode, reused.
 */
const browser = setupBrowser();
let jobPath = "";
let blogPath = "";
beforeAll(async () => {
  const jobs = (await (await fetch(`${baseURL()}/api/post_jobs/`)).json()) as { id: number }[];
  jobPath = `/careers-details?jobId=${jobs[0]!.id}`;
  const posts = (await (await fetch(`${baseURL()}/api/blog_details/`)).json()) as {
    id: number;
    heading: string;
  }[];
  blogPath = postPath(posts[0]!.id, posts[0]!.heading);
});

const unique = (label: string) => `${label}-${Date.now()}-${Math.round(Math.random() * 1e6)}`;

/** The summary's links, in order, and whether it holds the focus. */
async function summaryOf(page: Page, title: string) {
  const summary = page.getByRole("alert").filter({ hasText: title });
  await summary.waitFor();
  await expect
    .poll(() => summary.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
    .toBe(true);
  return summary.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
}

describe.each(SCRIPT_MODES)("public forms %s", (_mode, script) => {
  let page: Page;
  let open: (path: string) => Promise<void>;
  beforeAll(async () => {
    ({ page, open } = await phonePage(browser, script));
  });
  const press = (name: string) => page.getByRole("button", { name }).click();

  it("contact form", async () => {
    await open("/contact");
    const form = page.locator("form").filter({ hasText: "Send message" });
    // Usable at once: never disabled without saying why.
    expect(await form.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    await form.getByLabel("First name").fill("Asha");
    await form.getByLabel("Official email").fill("asha at example.com");
    await form.getByLabel("Message").fill("A 50-person centre in Pune.");
    await press("Send message");

    expect(await summaryOf(page, "Your message was not sent")).toEqual([
      "#field-last_name",
      "#field-email",
      "#field-privacy_consent",
    ]);
    expect(
      await page.getByRole("link", { name: "Official email: Enter a valid official e-mail address" }).count(),
    ).toBe(1);
    expect(await form.getByLabel("First name").inputValue()).toBe("Asha");
    expect(await form.getByLabel("Official email").inputValue()).toBe("asha at example.com");
    expect(await form.getByLabel("Message").inputValue()).toBe("A 50-person centre in Pune.");
    expect(await form.getByLabel("Official email").getAttribute("aria-invalid")).toBe("true");
    if (script) {
      await expectAccessible(page);
      await page.getByRole("link", { name: /^Last name:/ }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-last_name");
    }

    const email = `${unique("forms")}@example.com`;
    await form.getByLabel("Last name").fill("Verma");
    await form.getByLabel("Official email").fill(email);
    await form.getByLabel(/I accept the privacy policy/).check();
    await press("Send message");
    await page.getByRole("status").filter({ hasText: "Message sent" }).waitFor();
  });

  it("job application form, its CV chosen again after a refusal without JavaScript", async () => {
    await open(jobPath);
    const form = page.locator("#apply form");
    await form.getByLabel("First name").fill("Meera");
    await form.getByLabel("Last name").fill("Iyer");
    await form.getByLabel("E-mail").fill("meera at example.com");
    await form.getByLabel("Phone").fill("98765 43210");
    await form
      .getByLabel(/^CV/)
      .setInputFiles({ name: "meera.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await form.getByLabel("Cover note").fill("Six years of hiring.");
    await press("Send application");

    expect(await summaryOf(page, "Your application was not sent")).toEqual([
      "#field-email",
      "#field-consent_processing",
    ]);
    expect(
      await page
        .getByRole("link", { name: "E-mail: Enter a valid e-mail address, e.g. name@example.com" })
        .count(),
    ).toBe(1);
    expect(await form.getByLabel("First name").inputValue()).toBe("Meera");
    expect(await form.getByLabel("Phone").inputValue()).toBe("98765 43210");
    expect(await form.getByLabel("Cover note").inputValue()).toBe("Six years of hiring.");
    // A file does not come back with the page: the form says so; with JavaScript it is still chosen.
    const again = form.getByText("You chose “meera.pdf”: choose it again");
    expect(await again.count()).toBe(script ? 0 : 1);
    if (script) await expectAccessible(page);

    await form.getByLabel("E-mail").fill(`${unique("meera")}@example.com`);
    await form.getByLabel(/I agree that my application and CV are processed/).check();
    if (!script)
      await form
        .getByLabel(/^CV/)
        .setInputFiles({ name: "meera.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await press("Send application");
    await page.getByRole("heading", { name: "Application received" }).waitFor();
  });

  it("blog comment form", async () => {
    await open(blogPath);
    const form = page.locator("form").filter({ hasText: "Post Comment" });
    await form.getByLabel("Name").fill("Meera Pillai");
    await press("Post Comment");

    expect(await summaryOf(page, "All fields are required")).toEqual(["#field-email_id", "#field-comment"]);
    expect(await form.getByLabel("Name").inputValue()).toBe("Meera Pillai");
    if (script) {
      await page.getByText("Please fill all the fields").waitFor();
      await expectAccessible(page);
    }

    // A first comment from an address waits for an editor: the commenter is told so, and it is not listed.
    const text = unique("A comment that went through");
    await form.getByLabel("Email").fill("meera@example.com");
    await form.getByRole("textbox", { name: "Comment" }).fill(text);
    await press("Post Comment");
    const held = page
      .getByRole("status")
      .filter({ hasText: "Your comment awaits moderation. It will appear here once an editor approves it." });
    await held.waitFor();
    expect(await held.isVisible()).toBe(true);
    if (script) await page.getByText("Comment submitted successfully!").first().waitFor();
    expect(await page.getByTestId("comment").filter({ hasText: text }).count()).toBe(0);
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    // On a phone the answer fits the screen.
    const box = (await held.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
