import { describe, expect, it } from "vitest";
import { decodedText as decoded } from "../support/smtp";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { createEditor, openSignedIn, signIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * Changing your own e-mail address in the console: the server asks for the password first (a stolen token
 * alone cannot send the reset links elsewhere), the console asks for it in a dialog and saves, and the mail
 * to the old address carries a link that undoes the change.
 */
const browser = setupBrowser();
const { site, smtp } = startOwnMailServer({ env: { MAIL_RETRY_BASE_MS: "100" } });

/** The one mail with this subject to `to`, once the outbox has sent it. */
async function mailTo(to: string, subject: string) {
  const find = () => smtp().received.filter((m) => m.to.includes(to) && m.subject === subject);
  await expect.poll(() => find().length, { timeout: 30_000 }).toBe(1);
  return decoded(find()[0]!.raw);
}

describe("changing your own e-mail address", () => {
  for (const width of [390, 1280])
    it(`asks for the password, saves, and the old address can undo it (${width} px)`, async () => {
      const who = {
        username: `moving-${width}`,
        password: `moving-password-${width}`,
        email: `old-${width}@example.com`,
      };
      await createEditor(who, site());
      const viewport = { width, height: 900 };
      const { page, errors } = await openSignedIn(
        browser,
        "/dashboard/account",
        { baseURL: site(), viewport },
        who,
      );
      const field = page.getByRole("textbox", { name: "E-mail address" });
      await expect.poll(() => field.inputValue()).toBe(who.email);
      await field.fill(`new-${width}@example.com`);
      await page.getByRole("button", { name: "Save e-mail address" }).click();

      // The server wants the password first: the console asks in a dialog.
      const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
      await dialog.waitFor();
      await expectAccessible(page);
      await dialog.getByLabel("Your password").fill("not-my-password");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.getByText("That password is not correct.").waitFor();
      await dialog.getByLabel("Your password").fill(who.password);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("E-mail address saved.").first().waitFor();
      await page.reload();
      await expect.poll(() => field.inputValue()).toBe(`new-${width}@example.com`);

      // The old address hears of it, with a link that undoes it.
      const notice = await mailTo(who.email, "Your console e-mail address was changed");
      expect(notice).toContain(`new-${width}@example.com`);
      const link = /http:\/\/127\.0\.0\.1:\d+\/dashboard\/undo-email-change#token=[A-Za-z0-9_-]+/.exec(
        notice,
      )?.[0];
      expect(link, notice).toBeDefined();

      const mailbox = await browser.open(link!, { baseURL: site(), viewport });
      await waitForHydration(mailbox.page);
      await mailbox.page.getByRole("heading", { name: "Undo the change of your e-mail address" }).waitFor();
      await expectAccessible(mailbox.page);
      await mailbox.page.getByRole("button", { name: "Undo the change" }).click();
      await mailbox.page.getByRole("heading", { name: "Your e-mail address is back" }).waitFor();
      await mailbox.page.getByRole("status").filter({ hasText: who.email }).waitFor();
      await expectAccessible(mailbox.page);
      await mailTo(who.email, "Set a new password for your console account");

      // Every session ended, and the password the change was made with no longer signs in.
      await page.reload();
      await page.waitForURL("**/dashboard/login**");
      await waitForHydration(page);
      await signIn(page, who);
      await page.getByRole("alert").filter({ hasText: "Incorrect username or password." }).waitFor();
      // The refused password (400) and sign-in (401), and the 403 that asked for the password, were logged.
      expect(errors.filter((e) => !/status of 40[013]/.test(e))).toEqual([]);
      expect(mailbox.errors).toEqual([]);
    });
});
