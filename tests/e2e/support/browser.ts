import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const baseURL = () => inject("baseURL");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** One headless Chromium per test file; each test opens its own page. */
/** `origin`: the server the pages open on, when the file has its own (startOwnServer); else the shared one. */
export function setupBrowser(origin: () => string = baseURL) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  /** A blank page whose console errors and page errors are collected in `errors`; `initScript` runs before the page's own. */
  async function newPage(
    options: BrowserContextOptions = {},
    initScript?: string,
  ): Promise<{ page: Page; errors: string[] }> {
    if (!browser) throw new Error("browser not started");
    const context = await browser.newContext({
      baseURL: origin(),
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    return { page, errors };
  }
  return {
    newPage,
    /** A page (see newPage) opened at `path`, once the network has gone quiet. */
    async open(
      path: string,
      options: BrowserContextOptions = {},
      initScript?: string,
    ): Promise<{ page: Page; errors: string[]; status: number | undefined }> {
      const { page, errors } = await newPage(options, initScript);
      const response = await page.goto(path);
      await page.waitForLoadState("networkidle");
      return { page, errors, status: response?.status() };
    },
  };
}

/** Fails on any serious or critical axe-core violation. */
export async function expectAccessible(page: Page) {
  // Before hydration, `.below-fold` sections skip rendering and axe cannot read their colours; check them as a
  // reader scrolling down sees them (CSSOM styles are allowed by the CSP, a <style> tag is not).
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>(".below-fold"))
      el.style.contentVisibility = "visible";
  });
  // Axe reads colours: while a dialog or toast still fades in, its text is half transparent.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

/** Resolves once React has hydrated the page (root.tsx marks the document). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** A visitor with JavaScript and one with it off, for `describe.each`: the public pages must serve both. */
export const SCRIPT_MODES = [
  ["with JavaScript", true],
  ["without JavaScript", false],
] as const;

/**
 * A phone-sized page (390 px), JavaScript on or off, and how to open a path on it: where scripts run, the
 * opening waits for hydration.
 */
export async function phonePage(browser: ReturnType<typeof setupBrowser>, script: boolean) {
  const { page } = await browser.newPage({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: script,
  });
  const open = async (path: string) => {
    await page.goto(path);
    if (script) await waitForHydration(page);
  };
  return { page, open };
}
