import { decodeJwt } from "jose";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createTokenSigner } from "#domain/auth/tokens.ts";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { confirmPassword, createEditor, openSignedIn } from "./support/console";
import { TEST_JWT_SECRET } from "./support/server";

const browser = setupBrowser();

/** Replaces the console's access token with the same claims, expired a minute ago. */
async function expireAccessToken(page: Page) {
  const cookies = await page.context().cookies();
  const claims = decodeJwt(cookies.find((c) => c.name === "token")!.value);
  const expired = await createTokenSigner(TEST_JWT_SECRET, -60).sign({
    operatorId: Number(claims.sub),
    username: String(claims.username),
    role: claims.role as "admin",
    familyId: String(claims.fam),
  });
  await page.context().addCookies([{ name: "token", value: expired, url: baseURL() }]);
}

describe("console session across tabs", () => {
  it("two tabs whose token expired together refresh once and both stay signed in", async () => {
    const { page: first } = await openSignedIn(browser, "/dashboard/enquiries");
    await first.getByRole("heading", { name: "Enquiries" }).waitFor();
    const second = await first.context().newPage();
    await second.goto("/dashboard/team");
    await second.getByRole("heading", { name: "Team" }).waitFor();
    // The first refresh is held until both tabs have been told their token expired, so they race for real.
    let bothExpired!: () => void;
    const expiredInBoth = new Promise<void>((done) => (bothExpired = done));
    const expiredTabs = new Set<Page>();
    for (const tab of [first, second])
      tab.on("response", (r) => {
        if (r.status() === 401 && new URL(r.url()).pathname.startsWith("/api/")) expiredTabs.add(tab);
        if (expiredTabs.size === 2) bothExpired();
      });
    const refreshes: string[] = [];
    await first.context().route("**/refresh_token", async (route) => {
      refreshes.push(route.request().url());
      await expiredInBoth;
      await route.continue();
    });

    await expireAccessToken(first);
    await Promise.all([first.reload(), second.reload()]);
    await first.getByRole("heading", { name: "Enquiries" }).waitFor();
    await second.getByRole("heading", { name: "Team" }).waitFor();

    expect(refreshes).toHaveLength(1);
    for (const page of [first, second]) {
      expect(new URL(page.url()).pathname).not.toBe("/dashboard/login");
      const me = await page.evaluate(async () => {
        const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? "";
        return (await fetch("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status;
      });
      expect(me).toBe(200);
    }
  });
});

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
let sequence = 0;

/** A fresh editor (through the API), so changing their password leaves the shared e2e admin alone. */
async function newEditor() {
  const who = {
    username: `e2e-acct-${Date.now() % 1_000_000}-${++sequence}`,
    password: "first-long-passphrase-1",
  };
  await createEditor(who);
  return who;
}

/** Whether the page's session still answers /api/auth/me. */
const stillSignedIn = async (page: Page) =>
  (await page.evaluate(async () => {
    const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? "";
    return (await fetch("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status;
  })) === 200;

describe("your account", () => {
  it("a password change ends the session of a second browser and keeps this one", async () => {
    const who = await newEditor();
    const { page: other } = await openSignedIn(browser, "/dashboard/blog", { userAgent: FIREFOX }, who);
    const { page, errors } = await openSignedIn(browser, "/dashboard/account", {}, who);
    await page.getByRole("heading", { name: "Change your password" }).waitFor();
    await expectAccessible(page);

    await page.getByLabel("Current password").fill("wrong-current-password");
    await page.getByLabel("New password").fill("second-long-passphrase-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your current password is not correct.").first().waitFor();
    expect(await stillSignedIn(other)).toBe(true);

    await page.getByLabel("Current password").fill(who.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. Your other devices have been signed out.").first().waitFor();
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(page)).toBe(true);
    await other.reload();
    await other.waitForURL("**/dashboard/login**");
    // The refused current password is a 400 the browser logs; nothing else may fail.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });

  it("lists signed-in devices and signs another browser out", async () => {
    const who = await newEditor();
    const { page: other } = await openSignedIn(browser, "/dashboard/blog", { userAgent: FIREFOX }, who);
    const { page } = await openSignedIn(browser, "/dashboard/account", {}, who);
    const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
    await expect.poll(() => devices.count()).toBe(2);
    await devices.filter({ hasText: "This device" }).getByText("Chrome on Linux").waitFor();
    await expectAccessible(page);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/account-${width}.png`, fullPage: true });
    }

    await page.getByRole("button", { name: "Sign out Firefox on Windows at 127.0.0.1" }).click();
    // Ending a session needs the password entered in the last minutes: the console asks for it.
    await page.getByRole("dialog", { name: "Confirm it's you" }).waitFor();
    await expectAccessible(page);
    await confirmPassword(page, who.password);
    await expect.poll(() => devices.count()).toBe(1);
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(page)).toBe(true);
  });

  it("an admin ends every session of another operator from the Operators list", async () => {
    const who = await newEditor();
    const { page: other } = await openSignedIn(browser, "/dashboard/blog", { userAgent: FIREFOX }, who);
    const { page, errors } = await openSignedIn(browser, "/dashboard/operators?page_size=50");
    await page.getByRole("button", { name: `End sessions of ${who.username}` }).click();
    await confirmPassword(page);
    await page
      .getByRole("status")
      .filter({ hasText: "Every session of that operator has been ended." })
      .waitFor();
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(page)).toBe(true);
    // The 403 that asked for the password is logged by the browser; nothing else may fail.
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
  });
});
