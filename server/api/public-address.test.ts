import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createPost } from "#tests/support/factories.ts";

/** The public address: PUBLIC_BASE_URL, else the one saved in Site settings (no restart), else the default. */
describe("the public address", () => {
  let unset: TestApp;
  let fixed: TestApp;
  beforeAll(async () => {
    unset = await createTestApp({ PORT: "4321" });
    fixed = await createTestApp({ PUBLIC_BASE_URL: "https://www.fixed.example/" });
    for (const t of [unset, fixed]) await createPost(t.app.database.db, { heading: "Address check" });
  });
  afterAll(async () => {
    await unset.close();
    await fixed.close();
  });

  const as = async (t: TestApp) => ({ authorization: `Bearer ${await operatorToken(t.app, "admin")}` });
  const settingsOf = async (t: TestApp) =>
    (await t.app.inject({ url: "/api/site_settings", headers: await as(t) })).json() as {
      data: Record<string, string>;
      public_address: { url: string; source: string };
    };
  const save = async (t: TestApp, public_base_url: string) => {
    const { data } = await settingsOf(t);
    return t.app.inject({
      method: "PUT",
      url: "/api/site_settings",
      headers: await as(t),
      payload: { ...data, public_base_url },
    });
  };
  const links = async (t: TestApp) => ({
    robots: (await t.app.inject({ url: "/robots.txt" })).body,
    sitemap: (await t.app.inject({ url: "/sitemap.xml" })).body,
    rss: (await t.app.inject({ url: "/rss.xml" })).body,
  });

  it("is the local default until set, and the settings answer says so", async () => {
    expect((await settingsOf(unset)).public_address).toEqual({
      url: "http://localhost:4321",
      source: "default",
    });
    expect((await links(unset)).robots).toContain("Sitemap: http://localhost:4321/sitemap.xml");
  });

  it("refuses an address that is not http(s) with a message, and changes nothing", async () => {
    const res = await save(unset, "ftp://files.example");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/full address/);
    expect((await settingsOf(unset)).public_address.source).toBe("default");
  });

  it("once saved in Site settings, robots.txt, the sitemap and RSS use it at once, with no restart", async () => {
    const res = await save(unset, "https://gcc.example.org/");
    expect(res.statusCode).toBe(200);
    expect(res.json().public_address).toEqual({ url: "https://gcc.example.org", source: "site settings" });
    const { robots, sitemap, rss } = await links(unset);
    expect(robots).toContain("Sitemap: https://gcc.example.org/sitemap.xml");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(1);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/gcc\.example\.org\//);
    expect(rss).toMatch(/<link>https:\/\/gcc\.example\.org\/blog\/\d+/);
    expect(rss + sitemap + robots).not.toContain("localhost");
  });

  it("PUBLIC_BASE_URL wins over a saved address", async () => {
    expect((await save(fixed, "https://ignored.example")).statusCode).toBe(200);
    expect((await settingsOf(fixed)).public_address).toEqual({
      url: "https://www.fixed.example",
      source: "PUBLIC_BASE_URL",
    });
    const { robots, sitemap } = await links(fixed);
    expect(robots).toContain("Sitemap: https://www.fixed.example/sitemap.xml");
    expect(sitemap).not.toContain("ignored.example");
  });
});
