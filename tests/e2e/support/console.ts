import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL, waitForHydration, type setupBrowser } from "./browser";
import { TEST_ADMIN } from "./server";

/** Fills the console sign-in form with the e2e admin's credentials, or another operator's. */
export async function signIn(page: Page, who: { username: string; password: string } = TEST_ADMIN) {
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Answers the console's "Confirm it's you" dialog, which a change of sign-in details opens (the server wants
 * the password entered in the last few minutes), with the operator's password.
 */
export async function confirmPassword(page: Page, password: string = TEST_ADMIN.password) {
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Opens a console page: the visit is sent to sign in, and comes back to `path` afterwards. */
export async function openSignedIn(
  browser: ReturnType<typeof setupBrowser>,
  path: string,
  options = {},
  who?: { username: string; password: string },
) {
  const opened = await browser.open(path, options);
  await opened.page.waitForURL("**/dashboard/login**");
  await waitForHydration(opened.page);
  await signIn(opened.page, who);
  await opened.page.waitForURL((url) => url.pathname === new URL(path, "http://x").pathname);
  return opened;
}

/** A bearer token for the e2e admin (of the shared server, or of `origin`), to set up and read data through the API. */
export async function adminToken(origin = baseURL()): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Adds an editor through the API as the e2e admin (of the shared server, or of `origin`). */
export async function createEditor(
  who: { username: string; password: string; email?: string },
  origin = baseURL(),
) {
  const res = await fetch(`${origin}/api/operators`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken(origin)}` },
    body: JSON.stringify({ ...who, role: "editor" }),
  });
  expect(res.status).toBe(201);
}

let adminBearer: Promise<string> | undefined;
/** Calls the API as the e2e admin (signed in once per test file); an answer of 300 or more fails the test. */
export async function asAdmin<T>(method: string, path: string, body?: object): Promise<T> {
  adminBearer ??= adminToken();
  return callApi<T>(await adminBearer, method, path, body);
}

/** An enquiry as a visitor sends it from the contact form (privacy consent given); answers its id. */
export async function sendEnquiry(fields: {
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  phone?: string;
}) {
  const res = await fetch(`${baseURL()}/api/contact_requests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, privacy_consent: true }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
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

/** A job application through the public form's API, as a candidate's browser sends it; answers its id. */
export async function applyForJob(jobId: number, fields: Record<string, string>, cv: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ consent_processing: "on", ...fields })) form.set(k, v);
  form.set("cv", new Blob([new Uint8Array(cv)], { type: "application/pdf" }), "cv.pdf");
  const res = await fetch(`${baseURL()}/api/jobs/${jobId}/applications`, {
    method: "POST",
    headers: { accept: "application/json" },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  // The public answer names no application (it must not tell a repeat apart): the console finds it.
  const found = await asAdmin<{ applications_data: { id: number }[] }>(
    "GET",
    `/api/job_applications?job_id=${jobId}&search=${encodeURIComponent(fields.email ?? "")}&sort=-created_at`,
  );
  return found.applications_data[0]!.id;
}

/** Calls the API with a bearer token (adminToken's), expecting a 2xx; answers the JSON body. */
export async function callApi<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Saves the post in the open editor with no publish date: confirms "Publish now?" and waits for `saved`. */
export async function savePostPublishingNow(page: Page, editor: Locator, saved = "Post created.") {
  await editor.getByRole("button", { name: "Save post" }).click();
  await page
    .getByRole("dialog", { name: "Publish now?" })
    .getByRole("button", { name: "Publish now" })
    .click();
  await page.getByText(saved).waitFor();
}
