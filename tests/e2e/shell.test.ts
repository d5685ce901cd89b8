import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUDGET, JOB_BUDGET, PAGES, POST_BUDGET } from "#scripts/page-budgets.ts";
import { todayInIndia } from "#shared/india-time.ts";
import { postPath } from "#shared/slug.ts";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

describe("site shell", () => {
  it("renders the header menu, the footer with settings and no console errors", async () => {
    const { page, errors, status } = await browser.open("/");
    expect(status).toBe(200);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Models" }).click();
    await expect
      .poll(() => nav.getByRole("link", { name: "Global Capability Center" }).getAttribute("href"))
      .toBe("/details/initiation");
    expect(await nav.getByRole("link", { name: "Build Operate Transfer" }).getAttribute("href")).toBe(
      "/build-operator/initiation",
    );
    expect(await nav.getByRole("link", { name: "Managed Teams" }).getAttribute("href")).toBe(
      "/managed-teams/relationship",
    );
    await page.keyboard.press("Escape");
    expect(await nav.getByRole("link", { name: "Global Capability Center" }).isVisible()).toBe(false);
    expect(await nav.getByRole("link", { name: "Careers" }).getAttribute("href")).toBe("/Careers-page");

    const footer = page.locator("footer");
    // The year in India, where the company is: not a year written into the code.
    expect(await footer.textContent()).toContain(`© ${todayInIndia().slice(0, 4)} GCC View 360.`);
    expect(await footer.getByRole("link", { name: "sales@example.com" }).getAttribute("href")).toBe(
      "mailto:sales@example.com",
    );
    expect(await footer.getByRole("link", { name: /^India:/ }).getAttribute("href")).toMatch(/^tel:\+91/);
    expect(await footer.getByRole("link", { name: /on LinkedIn/ }).getAttribute("target")).toBe("_blank");
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("opens a slide-in menu with accordions below 768 px", async () => {
    const { page } = await browser.open("/", { viewport: { width: 375, height: 800 } });
    await waitForHydration(page);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    // Closed: out of sight and of the accessibility tree (on a page without React its markup is there).
    expect(await page.getByRole("dialog", { name: "Menu" }).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor();
    // The panel runs the full height of the screen (not of the sticky header it is opened from).
    await expect.poll(async () => (await dialog.boundingBox())?.height).toBe(800);
    const group = dialog.getByRole("button", { name: "Solutions" });
    expect(await group.getAttribute("aria-expanded")).toBe("false");
    await group.click();
    expect(await group.getAttribute("aria-expanded")).toBe("true");
    await dialog.getByRole("link", { name: "Consulting & Advisory" }).click();
    await page.waitForURL("**/consulting-services");
    await expect.poll(() => page.getByRole("dialog", { name: "Menu" }).isVisible()).toBe(false);
    await expectAccessible(page);
  });

  it("closes the mobile menu with Escape and returns focus", async () => {
    const { page } = await browser.open("/", { viewport: { width: 375, height: 800 } });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Open menu");
  });

  it("shows the not-found page with HTTP 404 for unknown paths", async () => {
    const { page, status } = await browser.open("/no-such-page");
    expect(status).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.locator("header").count()).toBe(1);
    await expectAccessible(page);
  });

  it("shows only 'No internet connection' while offline and the app again when online", async () => {
    const { page } = await browser.open("/");
    await waitForHydration(page);
    await page.context().setOffline(true);
    await page.getByText("No internet connection").waitFor();
    expect((await page.locator("body").innerText()).trim()).toBe("No internet connection");
    await page.context().setOffline(false);
    await page.locator("header").waitFor();
    expect(await page.getByText("No internet connection").count()).toBe(0);
  });

  it("gives every header and footer link a tap target of at least 24 px on a phone", async () => {
    const { page } = await browser.open("/", { viewport: { width: 375, height: 800 } });
    const result = await new AxeBuilder({ page })
      .include("header")
      .include("footer")
      .withRules(["target-size"])
      .analyze();
    expect(result.passes.length + result.violations.length).toBeGreaterThan(0);
    expect(result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  });

  it("paints a hydrated page before it loads the page's scripts, then hydrates", async () => {
    const html = await (await fetch(`${baseURL()}/contact`)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const { page, errors } = await browser.open("/contact");
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/.+\.js$/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(2);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint);
    expect(errors).toEqual([]);
  });

  it("runs the site script alone on a page without React, and prefetches a link on hover", async () => {
    const answer = await fetch(`${baseURL()}/`);
    const html = await answer.text();
    expect(html).not.toMatch(/<script[^>]*type="module"|modulepreload/);
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)]);
    const script = await fetch(`${baseURL()}${scripts[0]}`);
    expect(script.headers.get("cache-control")).toContain("immutable");
    // Chromium fetches a hovered link ahead (Speculation-Rules); the rules are a file of their own type.
    expect(answer.headers.get("speculation-rules")).toBe('"/speculation-rules.json"');
    const rules = await fetch(`${baseURL()}/speculation-rules.json`);
    expect(rules.headers.get("content-type")).toBe("application/speculationrules+json");
    expect(await rules.json()).toMatchObject({ prefetch: [{ eagerness: "moderate" }] });
    const { page, errors } = await browser.open("/");
    await waitForHydration(page);
    const ahead: string[] = [];
    page.on("request", (request) => {
      if (/prefetch/.test(request.headers()["sec-purpose"] ?? ""))
        ahead.push(new URL(request.url()).pathname);
    });
    await page.locator("header").getByRole("link", { name: "Blog", exact: true }).hover();
    await expect.poll(() => ahead).toContain("/blog");
    expect(errors).toEqual([]);
  });

  it("a page opened from a prefetch tells the server, so its view counts (with React and without)", async () => {
    const { page, errors } = await browser.open("/");
    await waitForHydration(page);
    for (const [link, path] of [
      [page.locator("header").getByRole("link", { name: "Blog", exact: true }), "/blog"],
      [page.locator("footer").getByRole("link", { name: "Case studies", exact: true }), "/case-studies"],
    ] as const) {
      const ahead = page.waitForRequest((r) => /prefetch/.test(r.headers()["sec-purpose"] ?? ""));
      await link.hover();
      expect(new URL((await ahead).url()).pathname).toBe(path);
      const told = page.waitForRequest((r) => r.url().endsWith("/api/site_analytics/opened"));
      await link.click();
      expect((await told).postDataJSON()).toEqual({ path });
      await page.goto("/");
      await waitForHydration(page);
    }
    expect(errors).toEqual([]);
  });

  it("serves immutable hashed assets, compressed at build time", async () => {
    const html = await (await fetch(`${baseURL()}/contact`)).text();
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    // Node's fetch would decode the body itself; http.get shows the bytes as sent.
    const get = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
        httpGet(`${baseURL()}${asset}`, { headers: { "accept-encoding": encoding } }, (res) =>
          buffer(res).then((body) => done({ headers: res.headers, body }), fail),
        ).on("error", fail);
      });
    const plain = await get("identity");
    expect(plain.headers["cache-control"]).toContain("immutable");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(50_000);
    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    // The very bytes the build wrote, not a compression made for this request.
    const buildDir = process.env.BUILD_DIR ?? "build";
    expect(brotli.body.equals(readFileSync(join(buildDir, "client", `${asset}.br`)))).toBe(true);
    const gzipped = await get("gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });

  it("keeps every public page's JavaScript and CSS within its gzip budget", async () => {
    // The newest post in each language, and a job.
    const posts = await Promise.all(
      ["", "?lang=hi", "?lang=ta"].map(async (query) => {
        const list = (await (await fetch(`${baseURL()}/api/blog_details/${query}`)).json()) as {
          id: number;
          heading: string;
        }[];
        return { path: postPath(list[0]!.id, list[0]!.heading), budget: POST_BUDGET };
      }),
    );
    const jobs = (await (await fetch(`${baseURL()}/api/post_jobs/`)).json()) as { id: number }[];
    const pages = [...PAGES, ...posts, { path: `/careers-details?jobId=${jobs[0]!.id}`, budget: JOB_BUDGET }];
    const over: string[] = [];
    for (const { path, budget } of pages) {
      const { jsGzipBytes, cssGzipBytes } = { ...DEFAULT_BUDGET, ...budget };
      // A visitor in India: the booking page's script moves a visitor elsewhere to their own zone (a navigation).
      const { page } = await browser.newPage({
        viewport: { width: 390, height: 844 },
        timezoneId: "Asia/Kolkata",
      });
      const bodies: Promise<{ type: string; gzip: number }>[] = [];
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if ((type === "script" || type === "stylesheet") && response.url().startsWith(baseURL()))
          bodies.push(response.body().then((body) => ({ type, gzip: gzipSync(body, { level: 9 }).length })));
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      // Read before closing: a body not yet read is gone with its page.
      const assets = await Promise.all(bodies).catch((error: unknown) => {
        throw new Error(`${path}: ${String(error)}`);
      });
      await page.context().close();
      const sum = (type: string) => assets.filter((a) => a.type === type).reduce((n, a) => n + a.gzip, 0);
      if (sum("script") > jsGzipBytes) over.push(`${path}: JavaScript ${sum("script")} B > ${jsGzipBytes} B`);
      if (sum("stylesheet") > cssGzipBytes)
        over.push(`${path}: CSS ${sum("stylesheet")} B > ${cssGzipBytes} B`);
    }
    expect(over).toEqual([]);
  });

  it("loads no console code (by its texts) or console styles on public pages, and the console its own stylesheet", async () => {
    /** Every same-origin script and stylesheet a page fetched while loading and hydrating, with its text. */
    const assetsOf = async (path: string) => {
      const { page } = await browser.newPage();
      const assets: { type: string; text: Promise<string> }[] = [];
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if ((type === "script" || type === "stylesheet") && response.url().startsWith(baseURL()))
          assets.push({ type, text: response.text() });
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      await page.context().close();
      return Promise.all(assets.map(async ({ type, text }) => ({ type, text: await text })));
    };
    // Texts that only console code carries: the discard guard, the console toaster's Undo, charts' table toggle.
    const consoleCode = /Discard changes\?|Keep editing|Show the numbers as a table|data-toast-action/;
    // React Router's development build carries its warnings; the browser gets the production build.
    const routerWarning = "You rendered descendant <Routes>";
    // The home page runs the site script alone, no React.
    for (const [path, fewest] of [
      ["/", 1],
      ["/contact", 4],
      ["/blog", 4],
      ["/Careers-page", 4],
    ] as const) {
      const assets = await assetsOf(path);
      const scripts = assets.filter((a) => a.type === "script").map((a) => a.text);
      const styles = assets.filter((a) => a.type === "stylesheet").map((a) => a.text);
      expect(scripts.length, path).toBeGreaterThanOrEqual(fewest);
      expect(
        scripts.filter((text) => consoleCode.test(text) || text.includes(routerWarning)),
        path,
      ).toEqual([]);
      expect(styles, path).toHaveLength(1);
      expect(styles[0], path).not.toContain("data-console-theme");
      // The console sidebar's breakpoint: a utility only console screens use.
      expect(styles[0], path).not.toContain("min-\\[1200px\\]");
    }
    // The console: the public sheet plus its own (the two load in parallel, in either order).
    const consoleStyles = (await assetsOf("/dashboard/login"))
      .filter((a) => a.type === "stylesheet")
      .map((a) => a.text);
    expect(consoleStyles).toHaveLength(2);
    const ownSheets = consoleStyles.filter((text) => text.includes("data-console-theme"));
    expect(ownSheets).toHaveLength(1);
    expect(ownSheets[0]).toContain("min-\\[1200px\\]");
  });

  it("runs only the inline scripts the render wrote: each one's hash is in the page's policy", async () => {
    const first = await fetch(`${baseURL()}/contact`, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    const html = await first.text();
    const policy = first.headers.get("content-security-policy") ?? "";
    const allowed = new Set([...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
    expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'nonce-)/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/src=|application\/ld\+json/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline)
      expect(allowed).toContain(createHash("sha256").update(body!).digest("base64"));
    // One more: the module script the loader inserts after the first paint. Nothing else.
    expect(allowed.size).toBe(inline.length + 1);
    expect(html).not.toMatch(/\snonce="/);
    // A cached answer is the same bytes with the same policy, for every visitor.
    const again = await fetch(`${baseURL()}/contact`, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.get("content-security-policy")).toBe(policy);
    expect(await again.text()).toBe(html);
  });

  it("refuses an injected inline script on a cached page and after a 304 revalidation", async () => {
    await fetch(`${baseURL()}/about-page`);
    const { page, errors } = await browser.open("/about-page");
    await waitForHydration(page);
    const documentStatuses: number[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // The raw answer on the wire: the browser then presents a revalidated page as the stored 200.
    const documents = new Set<string>();
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.type === "Document") documents.add(event.requestId);
    });
    cdp.on("Network.responseReceivedExtraInfo", (event) => {
      if (documents.has(event.requestId)) documentStatuses.push(event.statusCode);
    });
    const inject = () =>
      page.evaluate(async () => {
        const violations: string[] = [];
        document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
        const w = window as unknown as { __injected?: number };
        const script = document.createElement("script");
        script.textContent = "window.__injected = 1";
        document.body.appendChild(script);
        await new Promise((r) => setTimeout(r, 100));
        return { ran: w.__injected === 1, violations };
      });
    const cached = await inject();
    expect(cached.ran).toBe(false);
    expect(cached.violations).toContain("script-src-elem");

    // A reload revalidates: the server answers 304 and the browser reuses the body with the policy it stored.
    await page.reload();
    await waitForHydration(page);
    expect(documentStatuses).toEqual([304]);
    const revalidated = await inject();
    expect(revalidated.ran).toBe(false);
    expect(revalidated.violations).toContain("script-src-elem");
    // The page's own scripts still ran: it hydrated, with no error but the two refusals above.
    expect(errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
  });
});
