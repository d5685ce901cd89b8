import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL, waitForHydration, type setupBrowser } from "./browser";
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

/** A bearer token for the e2e admin, to set up and read data through the API. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

let phoneCounter = 0;
/** A fresh ten-digit mobile number for this run (6xxxxxxxxx never collides with the demo members' 9xxxxxxxxx). */
export const freshPhone = () => `6${String(Date.now() % 100_000_000).padStart(8, "0")}${++phoneCounter % 10}`;

/** Creates a Lorry Owner in Maharashtra (state 18) with the given vehicles through the API; returns the phone. */
export async function createMember(token: string, firstName: string, vehicles: string[] = []) {
  const phone = freshPhone();
  const res = await fetch(`${baseURL()}/api/members`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      first_name: firstName,
      last_name: "E2e",
      phone,
      state: 18,
      service_category: "Lorry Owner",
    }),
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { user_id: number } };
  for (const v of vehicles) {
    await fetch(`${baseURL()}/api/members/${data.user_id}/vehicles`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ vehicle_no: v }),
    });
  }
  return phone;
}
