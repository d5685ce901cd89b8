import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticPublicPaths } from "#shared/content/public-paths.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: "https://www.example.com" });
});
afterAll(() => t.close());

describe("robots.txt and sitemap.xml", () => {
  it("keeps crawlers out of the dashboard and points to the sitemap", async () => {
    const res = await t.app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Disallow: /dashboard");
    expect(res.body).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });

  it("lists every static public route with absolute URLs", async () => {
    const res = await t.app.inject("/sitemap.xml");
    expect(res.headers["content-type"]).toContain("application/xml");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of staticPublicPaths) expect(locs).toContain(`https://www.example.com${path}`);
    expect(locs.some((l) => l?.includes("/dashboard"))).toBe(false);
  });

  it("includes entries from registered sources", async () => {
    t.app.sitemapSources.push(async () => [
      { path: "/blog/7-hello", lastmod: new Date("2026-01-02T00:00:00Z") },
    ]);
    const res = await t.app.inject("/sitemap.xml");
    expect(res.body).toContain(
      "<loc>https://www.example.com/blog/7-hello</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod>",
    );
  });

  it("redirects friendly aliases permanently", async () => {
    const res = await t.app.inject("/careers");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/Careers-page");
  });
});
