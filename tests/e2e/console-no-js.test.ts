import { Secret, TOTP } from "otpauth";
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { signIn } from "./support/console";
import { startServer, TEST_ADMIN, type RunningServer } from "./support/server";

/**
 * The console's forms before sign-in, posted by the browser itself: with JavaScript off, and with it on but
 * before the page's script has loaded. They post (never a GET with the password in the address), reach the
 * same API route as the page's script through the route's action, show the same messages and keep what
 * was typed.
 */

// Its own server, trusting X-Forwarded-For: each test's browser gets an address of its own, so the sign-in
// throttles and per-address limits one test runs into never reach another (or another file's sign-ins).
let server: RunningServer | undefined;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.stop();
});
const site = () => server!.url;
const browser = setupBrowser(site);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

let addresses = 0;
/** Browser settings with an address of their own (see above); `script: false` turns JavaScript off. */
function visitor(viewport: (typeof VIEWPORTS)[number], { script = true } = {}): BrowserContextOptions {
  return {
    viewport,
    javaScriptEnabled: script,
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}` },
  };
}

async function api<T>(method: string, path: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(`${site()}${path}`, {
    method,
    headers: {
      // A fresh token each time: a run of this file outlasts the access token's 15 minutes.
      authorization: `Bearer ${token ?? (await login(TEST_ADMIN)).access_token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

let setUpSignIns = 0;
async function login(who: { username: string; password: string }) {
  const res = await fetch(`${site()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.99.0.${++setUpSignIns % 250}` },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string };
}

let operators = 0;
/** A new editor (their own throttle keys), optionally with an e-mail address. */
async function newEditor(email?: string) {
  const who = { username: `nojs-${++operators}`, password: "no-script-long-passphrase" };
  await api("POST", "/api/operators", { ...who, role: "editor", ...(email ? { email } : {}) });
  return who;
}

/** What an authenticator app shows for `key`, `steps` periods from now. */
const codeFor = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Turns on two-factor sign-in for `who` through the API; answers the key and the recovery codes. */
async function withTwoFactor(who: { username: string; password: string }) {
  // A change to how one signs in needs the password confirmed in the last minutes (sudo mode).
  const { data: confirmed } = await api<{ data: { access_token: string } }>(
    "POST",
    "/api/auth/reauth",
    { password: who.password },
    (await login(who)).access_token,
  );
  const token = confirmed.access_token;
  const { data } = await api<{ data: { secret: string; setup_token: string } }>(
    "POST",
    "/api/auth/two_factor/setup",
    undefined,
    token,
  );
  const enabled = await api<{ data: { recovery_codes: string[] } }>(
    "POST",
    "/api/auth/two_factor/enable",
    { setup_token: data.setup_token, code: codeFor(data.secret) },
    token,
  );
  return { key: data.secret, codes: enabled.data.recovery_codes };
}

/** Every address the page asks for (documents, scripts, fetches), with the method and form body of each. */
function recordRequests(page: Page) {
  const seen: { method: string; url: string; body: string }[] = [];
  page.on("request", (r) => seen.push({ method: r.method(), url: r.url(), body: r.postData() ?? "" }));
  return seen;
}

/** The next document the page's frame asks for (a form's submission). */
const nextNavigation = (page: Page) =>
  page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());

/** Holds the page's scripts back until `release()`: the page as it is between first paint and hydration. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The form's alert (the console's toaster, outside the page's main, has an alert region of its own). */
const formAlert = (page: Page) => page.locator("main").getByRole("alert");
/**
 * Axe on the page as a browser without JavaScript draws it: axe needs script, so its HTML is opened again in
 * a page whose own scripts are held back, with the <noscript> notes drawn as such a browser draws them.
 */
async function expectAccessibleWithoutScript(page: Page) {
  const html = (await page.content()).replace(/<(\/?)noscript>/g, "<$1div>");
  const { page: twin } = await browser.newPage({ viewport: page.viewportSize()! });
  await twin.route(/\/assets\/.+\.js(\?|$)/, (route) => route.abort());
  await twin.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html }));
  await twin.goto(page.url());
  await expectAccessible(twin);
  await twin.context().close();
}

/** The text of a <noscript> note as a browser without JavaScript shows it (Playwright's text search skips them). */
const noscriptText = (page: Page) => page.locator("noscript > *").first().innerText();

const alertText = async (page: Page) => (await formAlert(page).innerText()).trim();

/** The message the page's script shows for these credentials: the reference the no-script path must match. */
async function scriptedSignInMessage(viewport: (typeof VIEWPORTS)[number], who: typeof TEST_ADMIN) {
  const { page } = await browser.open("/dashboard/login", visitor(viewport));
  await waitForHydration(page);
  await signIn(page, who);
  await formAlert(page).waitFor();
  const text = await alertText(page);
  await page.context().close();
  return text;
}

describe.each(VIEWPORTS)("sign-in without the page's script at $width px", (viewport) => {
  it("posts the form: the password is in no address the browser asks for", async () => {
    const who = await newEditor();
    const { page } = await browser.open("/dashboard/login", visitor(viewport, { script: false }));
    const seen = recordRequests(page);
    await expectAccessibleWithoutScript(page);
    await page.getByLabel("Username").fill(who.username);
    await page.getByLabel("Password").fill("typed-secret-never-in-a-url");
    const sent = nextNavigation(page);
    await page.getByLabel("Password").press("Enter");
    const request = await sent;
    expect(request.url()).not.toContain("typed-secret");
    expect(request.method()).toBe("POST");
    expect(request.postData()).toContain("password=typed-secret-never-in-a-url");
    await page.waitForLoadState("load");
    expect(page.url()).not.toContain("typed-secret");
    expect(seen.filter((r) => r.url.includes("typed-secret")).map((r) => r.url)).toEqual([]);
    // Nor does the answer carry it back.
    expect(await page.content()).not.toContain("typed-secret");
  });

  it("a submit before the script has loaded posts too, and the page works once it loads", async () => {
    const who = await newEditor();
    const page = (await browser.newPage(visitor(viewport))).page;
    const seen = recordRequests(page);
    const release = await holdScripts(page);
    await page.goto("/dashboard/login");
    await page.getByLabel("Username").fill(who.username);
    await page.getByLabel("Password").fill("typed-too-early-secret");
    const sent = nextNavigation(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    const request = await sent;
    expect(request.url()).not.toContain("typed-too-early");
    expect(request.method()).toBe("POST");
    await formAlert(page).waitFor();
    release();
    await waitForHydration(page);
    expect(seen.filter((r) => r.url.includes("typed-too-early")).map((r) => r.url)).toEqual([]);
    expect(page.url()).not.toContain("typed-too-early");
    // Hydrated over the refused post's answer: the right password now signs in through the script.
    expect(await page.getByLabel("Username").inputValue()).toBe(who.username);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/blog");
    await page.getByRole("heading", { name: "Blog" }).first().waitFor();
  });

  it("a wrong password shows the script's message, keeps the username and never the password", async () => {
    const who = await newEditor();
    const wrong = { username: who.username, password: "not-the-password-at-all" };
    const scripted = await scriptedSignInMessage(viewport, wrong);
    expect(scripted).toBe("Incorrect username or password.");

    const { page } = await browser.open("/dashboard/login", visitor(viewport, { script: false }));
    await signIn(page, { username: `  ${who.username.toUpperCase()}`, password: wrong.password });
    await page.waitForLoadState("load");
    expect(await alertText(page)).toBe(scripted);
    expect(await page.getByLabel("Username").inputValue()).toBe(`  ${who.username.toUpperCase()}`);
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    expect(await page.content()).not.toContain(wrong.password);
    await expectAccessibleWithoutScript(page);

    // Empty fields: the script's message and each field's own, before anything is sent.
    const scriptedEmpty = await scriptedSignInMessage(viewport, { username: "", password: "" });
    await signIn(page, { username: "", password: "" });
    await page.waitForLoadState("load");
    expect(await alertText(page)).toBe(scriptedEmpty);
    expect(scriptedEmpty).toBe("Enter your username and password.");
    const username = page.getByLabel("Username");
    expect(await username.getAttribute("aria-invalid")).toBe("true");
    const described = (await username.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${described.split(" ").at(-1)}"]`).innerText()).toBe(
      "Enter your username",
    );
    await expectAccessibleWithoutScript(page);
  });

  it("the right password signs in: the console opens where the visitor was going", async () => {
    const who = await newEditor();
    const { page } = await browser.open(
      `/dashboard/login?next=${encodeURIComponent("/dashboard/account")}`,
      visitor(viewport, { script: false }),
    );
    await signIn(page, who);
    await page.waitForURL((url) => url.pathname === "/dashboard/account");
    // Without a script the console can do no more than say so.
    expect(await noscriptText(page)).toMatch(/^The console needs JavaScript\./);
    await expectAccessibleWithoutScript(page);
    const cookies = await page.context().cookies();
    const refresh = cookies.find((c) => c.name === "refresh_token");
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/refresh_token" });
    expect(cookies.find((c) => c.name === "user_id")?.value).toMatch(/^\d+$/);

    // The same browser with its script on is signed in: the console loads the operator's account.
    const scripted = await browser.newPage(visitor(viewport));
    await scripted.page.context().addCookies(cookies);
    await scripted.page.goto("/dashboard/account");
    await scripted.page.getByRole("heading", { name: "Your account" }).first().waitFor();
    expect(new URL(scripted.page.url()).pathname).toBe("/dashboard/account");
    expect(scripted.errors).toEqual([]);
  });

  it("two-factor: the code step works without the script too, recovery codes as well", async () => {
    const who = await newEditor();
    const { key, codes } = await withTwoFactor(who);
    // The script's message for a wrong code: the reference.
    const scripted = await browser.open("/dashboard/login", visitor(viewport));
    await waitForHydration(scripted.page);
    await signIn(scripted.page, who);
    await scripted.page.getByLabel("Code from the app").fill(codeFor(key, 20));
    await scripted.page.getByRole("button", { name: "Verify" }).click();
    await formAlert(scripted.page).waitFor();
    const scriptedWrongCode = await alertText(scripted.page);
    expect(scriptedWrongCode).toMatch(/^That code is not correct\./);
    await scripted.page.context().close();

    const { page } = await browser.open("/dashboard/login", visitor(viewport, { script: false }));
    await signIn(page, who);
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    expect(await page.content()).not.toContain(who.password);
    await expectAccessibleWithoutScript(page);

    await page.getByLabel("Code from the app").fill(codeFor(key, 20));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForLoadState("load");
    expect(await alertText(page)).toBe(scriptedWrongCode);
    await expectAccessibleWithoutScript(page);

    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill("aaaa-bbbb-cccc-dddd");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForLoadState("load");
    expect(await alertText(page)).toBe("That recovery code is not correct or has been used already.");
    await expectAccessibleWithoutScript(page);

    await page.getByRole("button", { name: "Use a code from the app instead" }).click();
    await page.getByLabel("Code from the app").fill(codeFor(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/blog");
    expect((await page.context().cookies()).map((c) => c.name)).toContain("refresh_token");

    // A recovery code signs in without the script as well, once.
    const again = await browser.open("/dashboard/login", visitor(viewport, { script: false }));
    await signIn(again.page, who);
    await again.page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await again.page.getByLabel("Recovery code").fill(codes[0]!);
    await again.page.getByRole("button", { name: "Verify" }).click();
    await again.page.waitForURL((url) => url.pathname === "/dashboard/blog");
  });

  it("forgot password: the same answer as with the script, and the same field message", async () => {
    const who = await newEditor(`nojs-${operators}@example.com`);
    const scripted = await browser.open("/dashboard/forgot-password", visitor(viewport));
    await waitForHydration(scripted.page);
    await scripted.page.getByRole("button", { name: "Send me a link" }).click();
    const scriptedEmpty = await scripted.page.getByText("Enter your username or e-mail address").innerText();
    await scripted.page.getByLabel("Username or e-mail address").fill(who.username);
    await scripted.page.getByRole("button", { name: "Send me a link" }).click();
    const scriptedAnswer = await scripted.page
      .getByRole("status")
      .filter({ hasText: "If an account" })
      .innerText();

    const { page } = await browser.open("/dashboard/forgot-password", visitor(viewport, { script: false }));
    const seen = recordRequests(page);
    await expectAccessibleWithoutScript(page);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("Enter your username or e-mail address").innerText()).toBe(scriptedEmpty);
    expect(await page.getByLabel("Username or e-mail address").getAttribute("aria-invalid")).toBe("true");
    await expectAccessibleWithoutScript(page);
    await page.getByLabel("Username or e-mail address").fill(`nojs-${operators}@example.com`);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("status").filter({ hasText: "If an account" }).innerText()).toBe(
      scriptedAnswer,
    );
    expect(seen.filter((r) => r.url.includes("example.com")).map((r) => r.url)).toEqual([]);
    await expectAccessibleWithoutScript(page);
  });
});

describe("the reset-password page without the page's script", () => {
  it("says it needs JavaScript (the link's token never reaches the server) and offers no form", async () => {
    const { page } = await browser.open(
      "/dashboard/reset-password#token=abcdefghijklmnopqrstuvwxyz",
      visitor(VIEWPORTS[0], { script: false }),
    );
    expect(await noscriptText(page)).toMatch(
      /^This page needs JavaScript to read the link from your e-mail\./,
    );
    expect(await page.locator("input").count()).toBe(0);
    await expectAccessibleWithoutScript(page);

    const scripted = await browser.open(
      "/dashboard/reset-password#token=abcdefghijklmnopqrstuvwxyz",
      visitor(VIEWPORTS[1]),
    );
    await waitForHydration(scripted.page);
    expect(await scripted.page.locator("form").getAttribute("method")).toBe("post");
  });
});

describe.each(VIEWPORTS)("typing before the page's script has loaded at $width px", (viewport) => {
  it("keeps the username and password once the page hydrates, 20 times out of 20", async () => {
    const { page } = await browser.newPage(visitor(viewport));
    let kept = 0;
    for (let i = 0; i < 20; i++) {
      const release = await holdScripts(page);
      await page.goto("/dashboard/login");
      await page.getByLabel("Username").pressSequentially(`early-${i}`);
      await page.getByLabel("Password").pressSequentially("early-password");
      release();
      await waitForHydration(page);
      // React has attached: a render after hydration would show a wiped field now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      if (
        (await page.getByLabel("Username").inputValue()) === `early-${i}` &&
        (await page.getByLabel("Password").inputValue()) === "early-password"
      )
        kept++;
      await page.unrouteAll({ behavior: "wait" });
    }
    expect(kept).toBe(20);
    await expectAccessible(page);
  });
});
