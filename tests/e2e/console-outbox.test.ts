import { describe, expect, it } from "vitest";
import { enquiryInput } from "../support/factories";
import { expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * A mail server that refuses every message: the failure is told across the console (a badge on Mail, a
 * notice for admins), explained in words on the Mail screen, and Retry adds to the attempts; the list
 * follows the outbox without a reload.
 */
const { site, smtp } = startOwnMailServer({
  refuse: true,
  env: { MAIL_RETRY_BASE_MS: "100", MAIL_MAX_ATTEMPTS: "2" },
});
const browser = setupBrowser(site);
const PHONE = { width: 390, height: 844 };
const SHOTS = "/work/wt/shots";

let token: Promise<string> | undefined;
async function failed(): Promise<number> {
  token ??= adminToken(site());
  const res = await fetch(`${site()}/api/mail/failures`, {
    headers: { authorization: `Bearer ${await token}` },
  });
  return ((await res.json()) as { data: { failed: number } }).data.failed;
}
const enquire = (firstName: string, lastName: string) =>
  fetch(`${site()}/api/contact_requests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...enquiryInput, first_name: firstName, last_name: lastName }),
  });

describe("the outbox tells (console, 390 px)", () => {
  it("a failed mail shows the badge and the notice, its error in words; Retry keeps the history; the list updates by itself", async () => {
    expect((await enquire("Ravi", "Menon")).status).toBe(201);
    // The team's notice and the enquirer's acknowledgement, each after its two attempts.
    await expect.poll(failed, { timeout: 30_000 }).toBe(2);

    const { page, errors } = await openSignedIn(browser, "/dashboard/account", { viewport: PHONE });
    const notice = page.getByRole("status").filter({ hasText: "2 e-mails could not be sent." });
    await notice.waitFor();
    await page.getByRole("button", { name: "Open navigation" }).click();
    const mailLink = page.getByRole("navigation").getByRole("link", { name: /^Mail/ });
    await expect.poll(() => mailLink.textContent()).toBe("Mail2 failed");
    await expectAccessible(page);
    await mailLink.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/outbox-badge-390.png` });
    await page.getByRole("button", { name: "Close navigation" }).click();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: `${SHOTS}/outbox-notice-390.png` });

    // Dismissed, the notice stays away for this set of failures, across a reload.
    await notice.getByRole("button", { name: /Hide this notice/ }).click();
    await notice.waitFor({ state: "hidden" });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.getByText("e-mails could not be sent.").count()).toBe(0);

    await page.goto("/dashboard/mail");
    const card = page.locator("li.list-card", { hasText: "New enquiry from Ravi Menon" });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain("The recipient's mail server says this address does not exist");
    expect(text).toContain("Check the address for a typo");
    // The server's own words, a click away.
    await card.getByText("The server's words").click();
    const words = card.locator("code");
    await words.waitFor();
    expect(await words.textContent()).toMatch(/550 Mailbox unavailable \(test server refuses\)/);
    await card.getByText("2 attempts").click();
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/outbox-mail-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The menu slides in at this width: its transition has ended before the picture.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/outbox-mail-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);

    // A new enquiry while the screen is open appears without a reload.
    expect((await enquire("Lakshmi", "Iyer")).status).toBe(201);
    await page
      .locator("li.list-card", { hasText: "New enquiry from Lakshmi Iyer" })
      .waitFor({ timeout: 30_000 });

    // Retry: the mail server accepts again; the card goes from Failed to Sent by itself, all attempts kept.
    smtp().refuse = false;
    await card.getByRole("button", { name: /^Retry mail "New enquiry from Ravi Menon"/ }).click();
    await page.getByText("The message will be sent again shortly.").waitFor();
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain("3 attempts");
    expect(await card.textContent()).toMatch(/Sent/);
    await card.getByText("3 attempts").click();
    const attempts = await card.locator("ol li").allTextContents();
    expect(attempts).toHaveLength(3);
    expect(attempts[0]).toMatch(/Failed/);
    expect(attempts[1]).toMatch(/Failed/);
    expect(attempts[2]).toMatch(/Sent/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/outbox-retried-390.png` });
    expect(errors).toEqual([]);
  });
});
