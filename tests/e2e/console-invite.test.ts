import { describe, expect, it } from "vitest";
import { decodedText } from "../support/smtp";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { openSignedIn } from "./support/console";
import { startOwnMailServer } from "./support/own-server";

/**
 * An admin invites an operator from a phone; the invitation arrives at a real SMTP sink; its link opens the
 * page where the newcomer chooses a password, and they are signed in to the console with it.
 */
const { site, smtp } = startOwnMailServer();
const browser = setupBrowser(site);
const PHONE = { width: 390, height: 844 };
const SHOTS = "/work/wt/shots";

describe("inviting an operator (console, 390 px)", () => {
  it("invite → the link from the mail → choose a password → signed in", async () => {
    const username = `priya-${Date.now() % 100_000}`;
    const email = `${username}@example.com`;
    const { page, errors } = await openSignedIn(browser, "/dashboard/operators", { viewport: PHONE });

    await page.getByRole("button", { name: "Invite operator" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite operator" });
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("E-mail address").fill(email);
    // No password is asked for: the newcomer chooses it.
    expect(await dialog.getByLabel(/password/i).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/invite-dialog-390.png` });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent.").waitFor();

    const card = page.locator("li.list-card", { hasText: username });
    await expect.poll(() => card.textContent()).toMatch(/Invited — link expires \d/);
    expect(await card.getByRole("button", { name: `Resend the invitation to ${username}` }).count()).toBe(1);
    expect(await card.getByRole("button", { name: `Cancel the invitation of ${username}` }).count()).toBe(1);
    expect(await card.getByRole("button", { name: /^Reset password/ }).count()).toBe(0);
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/invite-operators-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The menu slides in at this width: its transition has ended before the picture.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: `${SHOTS}/invite-operators-1280.png`, fullPage: true });

    // The mail, as the newcomer receives it.
    await expect.poll(() => smtp().received.filter((m) => m.to.includes(email)).length).toBe(1);
    const mail = decodedText(smtp().received.find((m) => m.to.includes(email))!.raw);
    expect(mail).toContain(`Your username is "${username}"`);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/dashboard\/accept-invite#token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link, mail).toBeDefined();

    // A fresh browser: the newcomer's phone.
    const newcomer = await browser.newPage({ viewport: PHONE });
    await newcomer.page.goto(link!);
    await waitForHydration(newcomer.page);
    await newcomer.page.getByRole("heading", { name: "Choose your password" }).waitFor();
    await expectAccessible(newcomer.page);
    // The usual rules: a short password is refused on the spot.
    await newcomer.page.getByLabel("Password").fill("short");
    await newcomer.page.getByRole("button", { name: "Set password and sign in" }).click();
    await newcomer.page.getByText("Use at least 12 characters").waitFor();
    await newcomer.page.screenshot({ path: `${SHOTS}/invite-accept-390.png` });
    await newcomer.page.setViewportSize({ width: 1280, height: 900 });
    await newcomer.page.screenshot({ path: `${SHOTS}/invite-accept-1280.png` });
    await newcomer.page.setViewportSize(PHONE);

    await newcomer.page.getByLabel("Password").fill("my-own-password-for-the-console");
    await newcomer.page.getByRole("button", { name: "Set password and sign in" }).click();
    // An editor lands on their first screen, signed in as themselves.
    await newcomer.page.waitForURL("**/dashboard/blog");
    await newcomer.page.getByRole("banner").getByText(username).waitFor();
    await expectAccessible(newcomer.page);
    await newcomer.page.screenshot({ path: `${SHOTS}/invite-signed-in-390.png` });

    // The link worked once: opened again, it is refused.
    const again = await browser.newPage({ viewport: PHONE });
    await again.page.goto(link!);
    await waitForHydration(again.page);
    await again.page.getByLabel("Password").fill("yet-another-password-here");
    await again.page.getByRole("button", { name: "Set password and sign in" }).click();
    await again.page.getByText(/This invitation link is not valid any more/).waitFor();

    // The admin's list shows an ordinary, active account now.
    await page.reload();
    await expect
      .poll(() => page.getByRole("row", { name: new RegExp(username) }).textContent())
      .toContain("Active");
    expect(errors).toEqual([]);
    expect(newcomer.errors).toEqual([]);
  });
});
