import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

const TOKEN = "metrics-token-0123456789abcdef";

describe("GET /metrics", () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });
  const scrape = (app: TestApp, authorization?: string) =>
    app.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

  it("is not there without METRICS_TOKEN, nor for a request without the token", async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(on)).statusCode).toBe(404);
    expect((await scrape(on, "Bearer wrong-token-0123456789abcdef")).statusCode).toBe(404);
    expect((await scrape(on, TOKEN)).statusCode).toBe(404);
  });

  it("answers a token of the right length with a non-ASCII character like any wrong token", async () => {
    const sameLength = `${TOKEN.slice(0, -1)}\u00e9`;
    expect(sameLength).toHaveLength(TOKEN.length);
    const res = await scrape(on, `Bearer ${sameLength}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Not found", data: [] });
  });

  it("exposes request durations by route pattern, cache events, event-loop lag and process memory", async () => {
    await on.app.inject({ url: "/api/blog_details/" });
    await on.app.inject({ url: "/api/blog_details/" });
    await on.app.inject({ url: "/jobs/1" });
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/blog_details\/",method="GET",status_class="2xx"\} 2\b/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/jobs\/:jobId",method="GET",status_class="\dxx"\} 1\b/,
    );
    // Both addresses are cacheable (two misses); the post list was stored, then served once from the cache.
    expect(text).toMatch(/page_cache_events_total\{event="miss"\} 2\b/);
    expect(text).toMatch(/page_cache_events_total\{event="store"\} 1\b/);
    expect(text).toMatch(/page_cache_events_total\{event="hit"\} 1\b/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    if (on.app.database.engine === "postgres") expect(text).toMatch(/db_pool_connections\{state="in_use"\}/);
  });

  it("labels by pattern, so a crawler's thousand URLs add no series", async () => {
    const series = async () =>
      (await scrape(on, `Bearer ${TOKEN}`)).body
        .split("\n")
        .filter((l) => l.startsWith("http_request_duration_seconds_count")).length;
    const before = await series();
    for (let i = 0; i < 200; i++) await on.app.inject({ url: `/api/nowhere-${i}?q=${i}` });
    for (let i = 0; i < 50; i++) await on.app.inject({ url: `/jobs/${1000 + i}` });
    const text = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(text).not.toContain("nowhere-");
    expect(text).not.toContain("/jobs/1000");
    expect((await series()) - before).toBeLessThanOrEqual(2);
  });
});
