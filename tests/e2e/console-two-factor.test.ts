import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { confirmPassword, createEditor, openSignedIn, signIn } from "./support/console";
import { startOwnServer } from "./support/own-server";

const browser = setupBrowser();

// Its own server: requiring two-factor of a role would send other files' operators to enrolment.
const site = startOwnServer({ publicAddress: false });

let sequence = 0;
async function newEditor() {
  const who = { username: `e2e-tfa-${++sequence}`, password: "two-factor-long-passphrase" };
  await createEditor(who, site());
  return who;
}

/** What the operator's authenticator app shows `steps` periods from now, for the key the console showed. */
const codeFor = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/**
 * Goes through the console's set-up: confirms the password (when the session has not in the last minutes),
 * reads the key shown in text, enters its code, answers the recovery codes.
 */
async function enrolThroughConsole(page: Page, password?: string) {
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  if (password) await confirmPassword(page, password);
  const qr = page.getByRole("img", { name: "QR code with your two-factor key, for your authenticator app" });
  await qr.waitFor();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = (await page.getByTestId("two-factor-key").innerText()).replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel("Code from the app").fill("000000" === codeFor(key) ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByText("That code is not correct.").first().waitFor();
  await page.getByLabel("Code from the app").fill(codeFor(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
  const codes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  await expectAccessible(page);
  await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
  return { key, codes };
}

/** Signs in up to the second step in a fresh browser, on its way to `path`. */
async function upToSecondFactor(path: string, who: { username: string; password: string }) {
  const opened = await browser.open(`${site()}${path}`);
  await opened.page.waitForURL("**/dashboard/login**");
  await waitForHydration(opened.page);
  await signIn(opened.page, who);
  await opened.page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
  return opened;
}

describe("two-factor sign-in in the console", () => {
  it("enrolment on Your account, then sign-in with a code and with a recovery code", async () => {
    const who = await newEditor();
    const { page, errors } = await openSignedIn(browser, `${site()}/dashboard/account`, {}, who);
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    await expectAccessible(page);
    const { key, codes } = await enrolThroughConsole(page, who.password);
    await page.getByText("10 of 10 recovery codes left.").waitFor();

    // A code: the one enrolment used is spent, so the app's next one.
    const withCode = await upToSecondFactor("/dashboard/blog", who);
    await expectAccessible(withCode.page);
    await withCode.page.getByLabel("Code from the app").fill(codeFor(key, 20));
    await withCode.page.getByRole("button", { name: "Verify" }).click();
    await withCode.page.getByText("That code is not correct.").first().waitFor();
    await withCode.page.getByLabel("Code from the app").fill(codeFor(key, 1));
    await withCode.page.getByRole("button", { name: "Verify" }).click();
    await withCode.page.waitForURL((url) => url.pathname === "/dashboard/blog");
    await withCode.page.getByRole("heading", { name: "Blog" }).first().waitFor();

    // A recovery code, once.
    const withRecovery = await upToSecondFactor("/dashboard/account", who);
    await withRecovery.page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await withRecovery.page.getByLabel("Recovery code").fill(codes[0]!);
    await expectAccessible(withRecovery.page);
    await withRecovery.page.getByRole("button", { name: "Verify" }).click();
    await withRecovery.page.waitForURL((url) => url.pathname === "/dashboard/account");
    await withRecovery.page.getByText("9 of 10 recovery codes left.").waitFor();

    const again = await upToSecondFactor("/dashboard/account", who);
    await again.page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await again.page.getByLabel("Recovery code").fill(codes[0]!);
    await again.page.getByRole("button", { name: "Verify" }).click();
    await again.page.getByText("That recovery code is not correct or has been used already.").waitFor();
    // The wrong codes are 400/401 answers the browser logs, the request for the password a 403; nothing
    // else may fail.
    expect(errors.filter((e) => !/status of 40[013]/.test(e))).toEqual([]);
  });

  it("at 390 px: the code field takes focus, the key copies or opens the app, Cancel goes back, On shows at once, and the owner can turn it off", async () => {
    const who = await newEditor();
    const { page, errors } = await openSignedIn(
      browser,
      `${site()}/dashboard/account`,
      { viewport: { width: 390, height: 844 } },
      who,
    );
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site() });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await confirmPassword(page, who.password);
    await page.getByTestId("two-factor-key").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-code");
    // No way forward without the app: Cancel goes back to the start.
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const key = (await page.getByTestId("two-factor-key").innerText()).replace(/\s+/g, "");
    await page.getByRole("button", { name: "Copy key" }).click();
    await expect.poll(clipboard).toBe(key);
    const uri = await page.getByRole("link", { name: "Open in authenticator app" }).getAttribute("href");
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.*[?&]secret=${key}(&|$)`));

    await page.getByLabel("Code from the app").fill(codeFor(key));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    // On from this moment, not "Off" until the codes are acknowledged.
    expect(await page.getByTestId("two-factor-state").innerText()).toMatch(/^On\./);
    const codes = await page
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allInnerTexts();
    await page.getByRole("button", { name: "Copy codes" }).click();
    await expect.poll(clipboard).toBe(codes.join("\n"));
    await expectAccessible(page);
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();

    await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await page
      .getByRole("dialog", { name: "Turn off two-factor sign-in?" })
      .getByRole("button", { name: "Turn off" })
      .click();
    await page.getByText(/^Off\. Add a code/).waitFor();
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });

  it("a role that requires two-factor sends its operator to enrolment; an admin resets it", async () => {
    const who = await newEditor();
    const admin = await openSignedIn(browser, `${site()}/dashboard/operators`);
    const policy = admin.page.getByRole("group", { name: "Require two-factor sign-in" });
    await policy.getByLabel("Editors").check();
    await admin.page.getByRole("button", { name: "Save requirement" }).click();
    await admin.page.getByText("Two-factor requirement saved.").first().waitFor();
    await expectAccessible(admin.page);

    const { page } = await openSignedIn(browser, `${site()}/dashboard/blog`, {}, who);
    await page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 }).waitFor();
    expect(await page.getByRole("complementary", { name: "Console navigation" }).count()).toBe(0);
    await expectAccessible(page);
    // The server refuses the rest as well, whatever the page shows.
    const status = await page.evaluate(async () => {
      const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? "";
      return (await fetch("/api/contact_requests", { headers: { authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(403);

    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await confirmPassword(page, who.password);
    await page.getByTestId("two-factor-key").waitFor();
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/two-factor-enrolment-${width}.png`, fullPage: true });
    }
    await page.reload();
    await page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 }).waitFor();
    // The reload took the set-up, not the confirmation: that lasts a few minutes.
    await enrolThroughConsole(page);
    await page.getByRole("complementary", { name: "Console navigation" }).waitFor();
    await page.getByRole("heading", { name: "Blog" }).first().waitFor();

    await admin.page.reload();
    const row = admin.page.locator("tbody tr").filter({ hasText: who.username });
    await row.getByRole("button", { name: `Reset two-factor of ${who.username}` }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Reset two-factor sign-in of ${who.username}?` });
    await expectAccessible(admin.page);
    await dialog.getByRole("button", { name: "Reset two-factor" }).click();
    await confirmPassword(admin.page);
    await admin.page
      .getByText("Two-factor sign-in reset; that operator's sessions have ended.")
      .first()
      .waitFor();
    await page.reload();
    await page.waitForURL("**/dashboard/login**");
  });
});
