import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
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
    expect(await footer.textContent()).toContain("© 2025");
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
    // Not part of the page until it is first opened.
    expect(await page.locator('[role="dialog"][aria-label="Menu"]').count()).toBe(0);
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

  it("paints the server-rendered page before it loads the page's scripts, then hydrates", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const { page, errors } = await browser.open("/");
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

  it("serves immutable hashed assets, compressed at build time", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
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

  it("runs inline scripts only with the response's CSP nonce", async () => {
    const res = await fetch(`${baseURL()}/`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
