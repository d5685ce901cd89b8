import { describe, expect, it } from "vitest";
import { decodedText as decoded } from "../support/smtp";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { confirmPassword, createEditor, openSignedIn, signIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * "Forgot password?" end to end: the built server mails the link through a real SMTP server, the browser
 * follows it, sets a new password, signs in with it, and the old password no longer works.
 */
const browser = setupBrowser();
const { site, smtp } = startOwnMailServer({ env: { MAIL_RETRY_BASE_MS: "100" } });

const operator = { username: "forgetful", password: "the-old-long-password", email: "forgetful@example.com" };
const NEW_PASSWORD = "a-new-and-long-passphrase";

describe("Forgot password (console)", () => {
  it("mails a link that sets a new password; the new one signs in and the old one fails", async () => {
    await createEditor(operator, site());

    const { page, errors } = await browser.open("/dashboard/login", { baseURL: site() });
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/dashboard/forgot-password");
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("Username or e-mail address").fill("Forgetful@Example.com");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByRole("status").filter({ hasText: "If an account matches, we've sent a link" }).waitFor();
    await expectAccessible(page);

    await expect.poll(() => smtp().received.length, { timeout: 30_000 }).toBe(1);
    const mail = smtp().received[0]!;
    expect(mail.to).toEqual([operator.email]);
    expect(mail.subject).toBe("Reset your console password");
    const link = /http:\/\/127\.0\.0\.1:\d+\/dashboard\/reset-password#token=[A-Za-z0-9_-]+/.exec(
      decoded(mail.raw),
    )?.[0];
    expect(link, decoded(mail.raw)).toBeDefined();

    await page.goto(link!);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("heading", { name: "Password changed" }).waitFor();
    await expectAccessible(page);

    // The link works once (a page in between, so the link loads the page again rather than its fragment).
    await page.goto("/dashboard/login");
    await page.goto(link!);
    await waitForHydration(page);
    await page.getByLabel("New password").fill("yet-another-passphrase");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("alert").filter({ hasText: "This reset link is not valid any more" }).waitFor();

    await page.goto("/dashboard/login");
    await waitForHydration(page);
    await signIn(page, operator);
    await page.getByRole("alert").filter({ hasText: "Incorrect username or password." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/login");
    await signIn(page, { username: operator.username, password: NEW_PASSWORD });
    await page.waitForURL((url) => url.pathname !== "/dashboard/login");
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\//);
    // Only 4xx answers of the refused link and the wrong password were logged by the browser.
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });

  it("an admin sets an operator's address in Operators, and an operator their own in Your account", async () => {
    await createEditor({ username: "addressless", password: "addressless-password-1" }, site());
    const admin = await openSignedIn(browser, "/dashboard/operators", { baseURL: site() });
    await admin.page.getByRole("button", { name: "Edit e-mail of addressless" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "E-mail address of addressless" });
    await dialog.getByLabel("E-mail address").fill("Addressless@Example.com");
    await expectAccessible(admin.page);
    await dialog.getByRole("button", { name: "Save" }).click();
    // A new address for someone else needs the admin's password entered in the last minutes.
    await confirmPassword(admin.page);
    await dialog.waitFor({ state: "hidden" });
    await admin.page.getByRole("row", { name: /addressless@example\.com/ }).waitFor();
    expect(admin.errors.filter((e) => !e.includes("status of 403"))).toEqual([]);

    const self = { username: "self-served", password: "self-served-password-1" };
    await createEditor(self, site());
    const own = await openSignedIn(browser, "/dashboard/account", { baseURL: site() }, self);
    const field = own.page.getByRole("textbox", { name: "E-mail address" });
    await expect.poll(() => field.isEnabled()).toBe(true);
    await field.fill("not-an-address");
    await own.page.getByRole("button", { name: "Save e-mail address" }).click();
    await own.page.getByText("Enter a valid e-mail address, like name@example.com").first().waitFor();
    await field.fill("Self.Served@Example.com");
    await own.page.getByRole("button", { name: "Save e-mail address" }).click();
    await confirmPassword(own.page, self.password);
    await own.page.getByText("E-mail address saved.").first().waitFor();
    await own.page.reload();
    await expect.poll(() => field.inputValue()).toBe("self.served@example.com");
    await expectAccessible(own.page);
    expect(own.errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
  });
});
