import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { THEME_SCRIPT } from "#app/components/dashboard/theme-script.ts";
import { setupBrowser, waitForHydration } from "./support/browser";
import { samplePdf } from "../support/cv-files";
import { applyForJob, asAdmin, freshPhone, openSignedIn } from "./support/console";

/**
 * every console screen fits a phone (390 px) and a laptop (1280 px) without a horizontal page
 * scroll, in the light and the dark scheme, with no axe-core violation of any impact. Screenshots of every
 * screen go to /tmp/layout-<width>-<scheme>-<screen>.png for a person to look at.
 */

const browser = setupBrowser();

// The longest values a list shows must fit too, whichever other test files ran first on the shared server.
beforeAll(async () => {
  const { data: job } = await asAdmin<{ data: { id: number } }>("POST", "/api/jobs", {
    job_title: `Layout check ${Date.now() % 1_000_000}`,
    company: "GCC View 360",
    location: "Pune",
  });
  await applyForJob(
    job.id,
    {
      first_name: "Venkataraghavan",
      last_name: "Subramaniam-Ramachandran",
      email: `venkataraghavan.subramaniam.${Date.now()}@example-recruitment-partners.co.in`,
      phone: freshPhone(),
    },
    samplePdf(),
  );
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

interface Screen {
  name: string;
  path: string;
  /** Brings the screen into the state to check once the page has loaded (e.g. opens a member profile). */
  prepare?: (page: Page) => Promise<void>;
  /** Only where the navigation is a drawer behind the menu button. */
  phoneOnly?: boolean;
}

/** Every route under /dashboard in app/routes.ts, so a new screen is checked without touching this file. */
function consoleRoutes(): Screen[] {
  const dashboard = routes.find((r) => r.path === "dashboard");
  if (!dashboard?.children) throw new Error("app/routes.ts has no /dashboard layout");
  return dashboard.children.map((child) => {
    if (child.index) return { name: "index", path: "/dashboard" };
    if (child.path === "*") return { name: "not-found", path: "/dashboard/no-such-screen" };
    return { name: child.path!.replaceAll("/", "-"), path: `/dashboard/${child.path}` };
  });
}

const SCREENS: Screen[] = [
  ...consoleRoutes(),
  { name: "crm-before-sale", path: "/dashboard/crm?view=before_sale" },
  { name: "crm-before-sale-board", path: "/dashboard/crm?view=before_sale&layout=board" },
  {
    name: "home-member-profile",
    path: "/dashboard/home",
    prepare: async (page) => {
      await page.locator("main button[aria-pressed]").first().click();
      await page.locator("#profile-name").waitFor();
      await settle(page);
    },
  },
  {
    name: "navigation-drawer",
    path: "/dashboard/enquiries",
    phoneOnly: true,
    prepare: async (page) => {
      await page.getByRole("button", { name: "Open navigation" }).click();
      await page.locator("#console-sidebar[data-open=true]").waitFor();
      await settle(page);
    },
  },
];

/** The header buttons that open a create dialog ("Add member", "New post", "Post a job" …). */
const CREATE_BUTTON = /^\s*(add|new|create|post a|before sale entry)\b/i;
/** Buttons that match CREATE_BUTTON but add in place (the profile's vehicle form, photo pickers). */
const NOT_A_DIALOG = /^(add|add photos)$/i;

/** Waits until nothing moves but spinners (they turn for ever). */
const animationsDone = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );

/** Waits until the screen's data and lazily loaded parts (charts) have arrived. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll("[role=status]")].some((s) =>
        /^Loading/.test(s.textContent?.trim() ?? ""),
      ),
    undefined,
    { timeout: 15_000 },
  );
  // Dialogs and the drawer fade and slide in.
  await animationsDone(page);
}

/**
 * Whether the page fits the viewport: no horizontal scroll, nothing cut off at the right (outside a box
 * that scrolls on its own, such as a wide table), and the content clear of a fixed sidebar.
 */
async function measureFit(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
        typeof el.className === "string" && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}`
          : ""
      } "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const scrollsOnItsOwn = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const overflowing: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        const position = getComputedStyle(el).position;
        if (position === "absolute" || position === "fixed" || !scrollsOnItsOwn(el)) {
          // The drawer is off-canvas (and invisible) while closed.
          if (!el.closest("[data-open=false]")) overflowing.push(describe(el));
        }
      }
    }
    const cutOff = [...document.querySelectorAll("main button, main a, main input, main select")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && !scrollsOnItsOwn(el) && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map(describe);
    const sidebar = document.getElementById("console-sidebar");
    const main = document.querySelector("main");
    const sidebarShown = sidebar && getComputedStyle(sidebar).visibility === "visible";
    const underSidebar =
      sidebarShown && sidebar.dataset.open !== "true" && main
        ? main.getBoundingClientRect().left < sidebar.getBoundingClientRect().right - 0.5
        : false;
    // From 1200 px on, the sidebar stays on screen (layout.tsx's OFFCANVAS_BREAKPOINT).
    const sidebarMissing =
      sidebar !== null && width >= 1200 && (!sidebarShown || sidebar.getBoundingClientRect().left < -0.5);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      overflowing: overflowing.slice(0, 8),
      cutOff,
      underSidebar,
      sidebarMissing,
    };
  });
}

async function expectFits(page: Page, where: string) {
  const fit = await measureFit(page);
  expect(
    fit.scrollWidth,
    `${where}: the page is ${fit.scrollWidth} px wide in a ${fit.innerWidth} px window; too wide: ${fit.overflowing.join(", ")}`,
  ).toBeLessThanOrEqual(fit.innerWidth);
  expect(fit.cutOff, `${where}: controls cut off at the edge of the window`).toEqual([]);
  expect(fit.underSidebar, `${where}: the content lies under the sidebar`).toBe(false);
  expect(fit.sidebarMissing, `${where}: the sidebar is off screen at a laptop width`).toBe(false);
}

/** The axe rules that read colours; the others read the DOM, which is the same in both schemes. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * No axe-core violation of any impact (minor and moderate included), on the page or inside `only`; with
 * `coloursOnly`, of the colour rules (a second scheme on the same DOM).
 */
async function expectNoAxeViolations(
  page: Page,
  where: string,
  { only, coloursOnly = false }: { only?: string; coloursOnly?: boolean } = {},
) {
  let axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (only) axe = axe.include(only);
  if (coloursOnly) axe = axe.withRules(COLOUR_RULES);
  const result = await axe.analyze();
  const found = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} – ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  if (found.length) throw new Error(`${where}: axe-core violations:\n  ${found.join("\n  ")}`);
}

const shot = (page: Page, width: number, scheme: Scheme, name: string) =>
  page.screenshot({ path: `/tmp/layout-${width}-${scheme}-${name}.png` });

async function expectScheme(page: Page, scheme: Scheme) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute("data-console-theme")))
    .toBe(scheme);
}

/** Sets the system's scheme, which the console follows, and waits until its colours have changed over. */
async function switchScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expectScheme(page, scheme);
  await animationsDone(page);
}

/** Closes the open dialog (and a "Discard changes?" question, should the form count as edited). */
async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  const discard = page.getByRole("button", { name: "Discard" });
  if (await discard.isVisible().catch(() => false)) await discard.click();
  await expect.poll(() => page.getByRole("dialog").count(), { timeout: 5_000 }).toBe(0);
}

describe.each(VIEWPORTS)("console at $width px", (viewport) => {
  const { width } = viewport;

  it.each(SCHEMES)("the sign-in page fits and has no axe violation (%s)", async (scheme) => {
    const { page } = await browser.open("/dashboard/login", { viewport, colorScheme: scheme });
    await waitForHydration(page);
    await settle(page);
    await expectScheme(page, scheme);
    const where = `/dashboard/login at ${width} px (${scheme})`;
    await shot(page, width, scheme, "login");
    await expectFits(page, where);
    await expectNoAxeViolations(page, where);
  });

  // Each screen and dialog is opened once and checked in both schemes: the console follows the system's scheme
  // as it changes (the colour-scheme tests below), so the second scheme needs no second page load.
  it("every screen and each of its create dialogs fits, with no axe violation, light and dark", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/home", { viewport, colorScheme: "light" });
    const failures: string[] = [];
    // Collected, so that one run lists every screen that needs work.
    const check = (result: Promise<unknown>) => result.catch((e: Error) => failures.push(e.message));
    let dialogs = 0;
    for (const screen of SCREENS) {
      if (screen.phoneOnly && width !== VIEWPORTS[0].width) continue;
      await switchScheme(page, "light");
      await page.goto(screen.path);
      await waitForHydration(page);
      await page.locator("main#main").waitFor();
      await settle(page);
      await screen.prepare?.(page);
      for (const scheme of SCHEMES) {
        await switchScheme(page, scheme);
        const where = `${screen.path}${screen.prepare ? ` (${screen.name})` : ""} at ${width} px (${scheme})`;
        await shot(page, width, scheme, screen.name);
        await check(expectFits(page, where));
        await check(expectNoAxeViolations(page, where, { coloursOnly: scheme === "dark" }));
      }
      if (screen.prepare) continue;

      const names = (await page.locator("main button").filter({ hasText: CREATE_BUTTON }).allInnerTexts())
        .map((text) => text.trim())
        .filter((text) => !NOT_A_DIALOG.test(text));
      for (const name of names) {
        await switchScheme(page, "light");
        await page.locator("main").getByRole("button", { name, exact: true }).click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        await settle(page);
        dialogs++;
        for (const scheme of SCHEMES) {
          await switchScheme(page, scheme);
          const at = `the "${name}" dialog of ${screen.path} at ${width} px (${scheme})`;
          await shot(page, width, scheme, `${screen.name}-dialog-${name.toLowerCase().replace(/\W+/g, "-")}`);
          const box = await dialog.boundingBox();
          if (!box || box.x < -0.5 || box.x + box.width > width + 0.5)
            failures.push(`${at}: the dialog spans ${box?.x} to ${box ? box.x + box.width : "?"} px`);
          await check(expectFits(page, at));
          // The dialog's own contents; once per scheme is enough (the phone's sheet).
          if (width === VIEWPORTS[0].width)
            await check(
              expectNoAxeViolations(page, at, { only: "[role=dialog]", coloursOnly: scheme === "dark" }),
            );
        }
        await closeDialog(page);
      }
    }
    // Members, loads, trucks, drivers, listings, posts, team, jobs, operators, leads …
    expect(dialogs, "create dialogs found").toBeGreaterThanOrEqual(8);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe("console stylesheet", () => {
  it("keeps the console's layout when app.css arrives again after it (as a lazily loaded chunk makes it)", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/enquiries", { viewport: VIEWPORTS[1] });
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    const layout = () =>
      page.evaluate(() => {
        const sidebar = document.getElementById("console-sidebar")!;
        const box = sidebar.getBoundingClientRect();
        return {
          sidebar: [getComputedStyle(sidebar).visibility, Math.round(box.left)],
          main: Math.round(document.querySelector("main")!.getBoundingClientRect().left),
        };
      });
    const before = await layout();
    expect(before.sidebar).toEqual(["visible", 0]);
    // Vite's preload helper appends a chunk's stylesheets to <head>; app.css then follows the console's.
    await page.evaluate(async () => {
      const appCss = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
      const again = document.createElement("link");
      again.rel = "stylesheet";
      again.href = appCss.href.replace(/#$/, "");
      const loaded = new Promise((done) => again.addEventListener("load", done));
      document.head.append(again);
      await loaded;
    });
    const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href?.split("#")[0]));
    expect(sheets).toHaveLength(3);
    expect(sheets[2]).toBe(sheets[0]);
    expect(await layout()).toEqual(before);
  });
});

describe("console colour scheme", () => {
  const theme = (page: Page) =>
    page.evaluate(() => ({
      attribute: document.documentElement.getAttribute("data-console-theme"),
      stored: localStorage.getItem("console-theme"),
      background: getComputedStyle(document.body).backgroundColor,
    }));
  const WHITE = "rgb(255, 255, 255)";

  it("follows the system scheme until the operator chooses, and remembers the choice after a reload", async () => {
    const { page, errors } = await openSignedIn(browser, "/dashboard/enquiries");
    await page.getByRole("heading", { name: "Enquiries" }).waitFor();
    expect(await theme(page)).toEqual({ attribute: "light", stored: null, background: WHITE });

    // System: follows prefers-color-scheme as it changes.
    await page.emulateMedia({ colorScheme: "dark" });
    await expectScheme(page, "dark");
    expect((await theme(page)).background).not.toBe(WHITE);
    expect(await page.getByRole("radio", { name: "System" }).isChecked()).toBe(true);

    // Light, chosen under a dark system, is kept after a reload.
    await page.getByTitle("Light").click();
    await expectScheme(page, "light");
    await page.reload();
    await waitForHydration(page);
    expect(await theme(page)).toMatchObject({ attribute: "light", stored: "light", background: WHITE });
    expect(await page.getByRole("radio", { name: "Light" }).isChecked()).toBe(true);

    // Dark, chosen under a light system, is kept after a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByTitle("Dark").click();
    await expectScheme(page, "dark");
    await page.reload();
    await waitForHydration(page);
    expect(await theme(page)).toMatchObject({ attribute: "dark", stored: "dark" });
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);

    // Back to the system's scheme: the choice is forgotten.
    await page.getByTitle("System").click();
    await expectScheme(page, "light");
    expect((await theme(page)).stored).toBeNull();
    expect(errors).toEqual([]);
  });

  it("is applied before the console's scripts run (no white flash), by a script the CSP lists by hash", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/enquiries");
    await page.getByTitle("Dark").click();
    await expectScheme(page, "dark");

    // Without any of the app's JavaScript the page shows only what the server sent and the inline scripts did.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    const response = await page.goto("/dashboard/settings");
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const first = await theme(page);
    expect(first.attribute).toBe("dark");
    expect(first.background).not.toBe(WHITE);
    await shot(page, 1280, "dark", "before-hydration");

    const policy = response?.headers()["content-security-policy"] ?? "";
    const hash = createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64");
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*'unsafe-inline'/);
  });

  it("leaves the public pages as they are, even with dark chosen on a dark system", async () => {
    const { page } = await openSignedIn(browser, "/dashboard/enquiries", { colorScheme: "dark" });
    await page.getByTitle("Dark").click();
    await expectScheme(page, "dark");
    await page.goto("/");
    await waitForHydration(page);
    expect(await theme(page)).toMatchObject({ attribute: null, stored: "dark", background: WHITE });

    // Leaving the console by a link (a client-side navigation) takes the scheme off too.
    await page.goto("/dashboard/enquiries");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/dashboard\/login/);
    await expectScheme(page, "dark");
    await page.getByRole("link", { name: "GCC View 360, home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // The URL changes before React has rendered the home page: wait until the sign-in page has gone.
    await page
      .getByRole("heading", { level: 1, name: "Sign in to the console" })
      .waitFor({ state: "detached" });
    expect(await theme(page)).toMatchObject({ attribute: null, background: WHITE });
  });
});
