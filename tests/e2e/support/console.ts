import type { Page } from "playwright-core";
import { waitForHydration, type setupBrowser } from "./browser";
import { TEST_ADMIN } from "./server";

/** Fills the console sign-in form with the e2e admin's credentials. */
export async function signIn(page: Page) {
  await page.getByLabel("Username").fill(TEST_ADMIN.username);
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens a console page: the visit is sent to sign in, and comes back to `path` afterwards. */
export async function openSignedIn(browser: ReturnType<typeof setupBrowser>, path: string, options = {}) {
  const opened = await browser.open(path, options);
  await opened.page.waitForURL("**/dashboard/login**");
  await waitForHydration(opened.page);
  await signIn(opened.page);
  await opened.page.waitForURL((url) => url.pathname === new URL(path, "http://x").pathname);
  return opened;
}
