import { describe, expect, it } from "vitest";
import { enquiryInput } from "../support/factories";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * The built server sends through a real SMTP server that refuses every message: after its attempts the
 * enquiry's notification is failed, an admin finds it under Mail with the server's error, and Retry sends it.
 */
const browser = setupBrowser();
const { site, server, smtp } = startOwnMailServer({
  refuse: true,
  publicAddress: false,
  env: { MAIL_RETRY_BASE_MS: "100", MAIL_MAX_ATTEMPTS: "2" },
});

let token: Promise<string> | undefined;
async function failedMessages(): Promise<number> {
  // One sign-in for the file: polling with a sign-in each time would meet the sign-in limit.
  token ??= adminToken(site());
  const res = await fetch(`${site()}/api/mail?status=failed`, {
    headers: { authorization: `Bearer ${await token}` },
  });
  return ((await res.json()) as { total_no_of_data: number }).total_no_of_data;
}

describe("Mail (console) without a mail server", () => {
  it("lists a notification that was only written to the log as Logged, not Sent, with no Retry", async () => {
    // The suite's shared server runs without SMTP_URL.
    const lastName = `Logged${Date.now()}`;
    const posted = await fetch(`${baseURL()}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...enquiryInput, first_name: "Lakshmi", last_name: lastName }),
    });
    expect(posted.status).toBe(201);
    const headers = { authorization: `Bearer ${await adminToken()}` };
    const logged = async () =>
      (
        (await (
          await fetch(`${baseURL()}/api/mail?status=logged&search=${lastName}`, { headers })
        ).json()) as { total_no_of_data: number }
      ).total_no_of_data;
    await expect.poll(logged).toBe(1);

    const { page, errors } = await openSignedIn(browser, "/dashboard/mail");
    const row = page.getByRole("row", { name: new RegExp(`New enquiry from Lakshmi ${lastName}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain("Logged (no mail server set)");
    expect(await row.textContent()).not.toMatch(/\bSent\b/);
    expect(await row.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
    await expectAccessible(page);
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `/tmp/console-mail-logged-${width}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
  });
});

describe("Mail (console)", () => {
  it("shows a message that keeps failing with its last error, and Retry sends it", async () => {
    const posted = await fetch(`${site()}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...enquiryInput, first_name: "Ravi", last_name: "Menon" }),
    });
    expect(posted.status).toBe(201);
    // The team's notice and the enquirer's acknowledgement.
    await expect.poll(failedMessages, { timeout: 30_000 }).toBe(2);

    const { page, errors } = await openSignedIn(browser, "/dashboard/mail", { baseURL: site() });
    const row = page.getByRole("row", { name: /New enquiry from Ravi Menon/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain("info@example.com");
    expect(text).toContain("Failed");
    expect(text).toContain("550 Mailbox unavailable (test server refuses)");
    expect(await row.getByRole("cell").nth(4).locator("summary").textContent()).toBe("2 attempts");
    const navLink = page.getByRole("navigation").getByRole("link", { name: /^Mail/ });
    expect(await navLink.getAttribute("aria-current")).toBe("page");
    await expectAccessible(page);
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `/tmp/console-mail-${width}.png`, fullPage: true });
    }
    // Back to the desktop table (below 640 px the list is cards, not rows).
    await page.setViewportSize({ width: 1280, height: 800 });

    smtp().refuse = false;
    await row.getByRole("button", { name: /^Retry mail "New enquiry from Ravi Menon"/ }).click();
    await expect.poll(() => smtp().received.map((m) => m.subject)).toEqual(["New enquiry from Ravi Menon"]);
    await page.getByText("The message will be sent again shortly.").waitFor();

    // The list shows what happened once it is read again.
    await page.reload();
    await expect.poll(() => row.textContent()).toContain("Sent");
    expect(await row.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("stops on SIGTERM with its mail sender running: exit code 0, no failed round or shutdown", async () => {
    expect(await server().stop("SIGTERM")).toBe(0);
    expect(server().output()).not.toMatch(/delivery round failed|shutdown failed/);
  });
});
