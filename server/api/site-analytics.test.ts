import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteEvents, siteSalts } from "#db/schema/index.ts";
import type { DatabaseHandle } from "#db/client.ts";
import { createSiteAnalyticsRecorder } from "#domain/site-analytics/recorder.ts";
import { testConfig } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { enquiryInput } from "#tests/support/factories.ts";
import { buildApp } from "../app";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let database: DatabaseHandle;
let app: FastifyInstance;
let base = "";
let admin = "";
beforeAll(async () => {
  database = await createTestDatabase();
  const { config } = testConfig({ PUBLIC_FORM_RATE_LIMIT: "1000", TRUST_PROXY: "1" });
  app = await buildApp({ config, database });
  // Public pages need the React build; stand-ins answer like them through the real server and its cache front.
  app.get(
    "/about-us",
    {
      config: { access: "public" },
      schema: { querystring: z.record(z.string(), z.string()), response: { 200: z.string() } },
    },
    async (_request, reply) => reply.type("text/html").send("<h1>About</h1>"),
  );
  app.get(
    "/about-us.data",
    {
      config: { access: "public" },
      schema: { querystring: z.record(z.string(), z.string()), response: { 200: z.string() } },
    },
    async () => "page data",
  );
  // A page the cache stores, so repeats are answered by the cache front before Fastify.
  app.get(
    "/stored-page",
    { config: { access: "public" }, schema: { response: { 200: z.string() } } },
    async (_request, reply) =>
      reply.type("text/html").header("Cache-Control", "public, max-age=60").send("<h1>Stored</h1>"),
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  admin = await operatorToken(app, "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await app.services.siteAnalytics.flush();
  await database.db.delete(siteEvents);
});

const events = async () => {
  await app.services.siteAnalytics.flush();
  return database.db.select().from(siteEvents).orderBy(siteEvents.id);
};
const stats = async (days = 7) => {
  const res = await app.inject({
    url: `/api/site_analytics?days=${days}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const get = async (path: string, headers: Record<string, string>) =>
  (await fetch(`${base}${path}`, { headers })).status;
/** The answer has gone out before the view is noted ('finish'); a moment later it is in the buffer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("page views", () => {
  it("counts a person's pages, and no bot, DNT, GPC, prefetch, console, API or missing page", async () => {
    const person = { "user-agent": CHROME, "x-forwarded-for": "203.0.113.7", "accept-language": "en-IN,en" };
    expect(
      await get("/about-us?utm_source=LinkedIn&utm_campaign=Diwali", {
        ...person,
        referer: "https://www.linkedin.com/",
      }),
    ).toBe(200);
    expect(await get("/about-us.data", { ...person, referer: `${base}/` })).toBe(200);
    expect(await get("/about-us", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(
      200,
    );
    expect(await get("/about-us", { ...person, dnt: "1" })).toBe(200);
    expect(await get("/about-us", { ...person, "sec-gpc": "1" })).toBe(200);
    expect(await get("/about-us.data", { ...person, "sec-purpose": "prefetch" })).toBe(200);
    expect(await get("/no-such-page", person)).toBe(404);
    await get("/dashboard/login", person);
    await get("/api/blogs", person);
    await settle();
    const counted = await events();
    expect(counted.map((e) => [e.kind, e.path, e.referrer, e.utmSource, e.utmCampaign, e.country])).toEqual([
      ["view", "/about-us", "linkedin.com", "linkedin", "diwali", "IN"],
      ["view", "/about-us", null, null, null, "IN"],
    ]);
    // One visitor that day (the same address and browser); nothing stored says who.
    expect(new Set(counted.map((e) => e.visitor)).size).toBe(1);
    expect(JSON.stringify(counted)).not.toMatch(/203\.0\.113\.7|Chrome/);
  });

  it("counts the pages the cache front answers, once each, and not a 304", async () => {
    const person = { "user-agent": CHROME, "x-forwarded-for": "203.0.113.9" };
    const first = await fetch(`${base}/stored-page`, { headers: person });
    expect(first.headers.get("x-cache")).toBe("MISS");
    const etag = first.headers.get("etag")!;
    for (let i = 0; i < 3; i++) {
      const hit = await fetch(`${base}/stored-page`, { headers: person });
      expect([hit.status, hit.headers.get("x-cache")]).toEqual([200, "HIT"]);
    }
    expect(
      (await fetch(`${base}/stored-page`, { headers: { ...person, "if-none-match": etag } })).status,
    ).toBe(304);
    await fetch(`${base}/stored-page`, {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    await settle();
    const counted = await events();
    expect(counted.map((e) => [e.kind, e.path, e.count])).toEqual([["view", "/stored-page", 4]]);
  });

  it("holds a prefetched page's view until that address's page says it was opened, once", async () => {
    const person = { "user-agent": CHROME, "x-forwarded-for": "203.0.113.20" };
    const opened = (path: unknown, address = "203.0.113.20") =>
      fetch(`${base}/api/site_analytics/opened`, {
        method: "POST",
        headers: { ...person, "x-forwarded-for": address, "content-type": "application/json" },
        body: JSON.stringify({ path }),
      });
    expect(
      await get("/about-us", { ...person, "sec-purpose": "prefetch", referer: "https://www.linkedin.com/" }),
    ).toBe(200);
    await settle();
    expect(await events()).toEqual([]);
    // Another address, a page never fetched ahead, a bad body: nothing counts, nothing is told.
    expect((await opened("/about-us", "198.51.100.9")).status).toBe(200);
    expect((await opened("/leadership-page")).status).toBe(200);
    const refused = await opened("about-us");
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/path must start with \//);
    expect(await events()).toEqual([]);
    expect((await opened("/About-Us")).status).toBe(200);
    expect((await opened("/about-us")).status).toBe(200);
    const counted = await events();
    expect(counted.map((e) => [e.kind, e.path, e.referrer, e.count])).toEqual([
      ["view", "/about-us", "linkedin.com", 1],
    ]);
  });

  it("a different browser or address is another visitor", async () => {
    await get("/about-us", { "user-agent": CHROME, "x-forwarded-for": "203.0.113.7" });
    await get("/about-us", { "user-agent": FIREFOX, "x-forwarded-for": "203.0.113.7" });
    await get("/about-us", { "user-agent": CHROME, "x-forwarded-for": "198.51.100.4" });
    await settle();
    expect(new Set((await events()).map((e) => e.visitor)).size).toBe(3);
  });
});

describe("the day's salt", () => {
  it("recognises a visitor within a day, never across days, and deletes salts older than yesterday", async () => {
    let clock = new Date("2026-11-20T10:00:00+05:30");
    const recorder = createSiteAnalyticsRecorder(database.db, { now: () => clock, log: console });
    const client = { address: "203.0.113.9", agent: CHROME };
    const visit = {
      path: "/",
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      country: null,
    };
    recorder.view(visit, client);
    await recorder.flush();
    clock = new Date("2026-11-20T23:59:00+05:30");
    recorder.view(visit, client);
    await recorder.flush();
    clock = new Date("2026-11-23T00:01:00+05:30");
    recorder.view(visit, client);
    await recorder.flush();
    const rows = await database.db.select().from(siteEvents).orderBy(siteEvents.id);
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
    const saltDays = async () =>
      (await database.db.select({ day: siteSalts.day }).from(siteSalts)).map((s) => s.day);
    expect((await saltDays()).filter((d) => d < "2026-11-22")).toEqual([]);
    // Without a visitor, the hourly purge still deletes the day's salt once yesterday is over; and old events.
    await database.db
      .insert(siteEvents)
      .values({ at: new Date("2025-10-01T00:00:00Z"), kind: "view", path: "/", visitor: "old" });
    clock = new Date("2026-11-25T08:00:00+05:30");
    await recorder.purge();
    expect((await saltDays()).filter((d) => d < "2026-11-24")).toEqual([]);
    const left = await database.db.select({ visitor: siteEvents.visitor }).from(siteEvents);
    expect(left.map((e) => e.visitor)).not.toContain("old");
    expect(left).toHaveLength(3);
  });
});

describe("a burst", () => {
  it("is one row per visitor and page with its count, so a flood costs one insert, not thousands", async () => {
    const client = { address: "203.0.113.30", agent: CHROME };
    const visit = {
      path: "/blog",
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      country: null,
    };
    for (let i = 0; i < 1_000; i++) app.services.siteAnalytics.view(visit, client);
    app.services.siteAnalytics.view({ ...visit, path: "/" }, client);
    const rows = await events();
    expect(rows.map((r) => [r.path, r.count])).toEqual([
      ["/blog", 1_000],
      ["/", 1],
    ]);
    const figures = await stats();
    expect(figures.views.current).toBe(1_001);
    expect(figures.visitors.current).toBe(1);
    expect(figures.pages[0]).toEqual({ path: "/blog", visitors: 1, views: 1_000 });
  });
});

describe("a flood of distinct views", () => {
  // One client rotating its user agent (or referrer, or campaign) made a new row per request, each kept for
  // RETENTION_DAYS: thousands of rows a second from a cached page, until the disk filled.
  it("adds at most the day's budget of rows per address (an IPv6 /64), and the budget is per day", async () => {
    let clock = new Date("2026-11-20T06:00:00Z");
    const recorder = createSiteAnalyticsRecorder(database.db, {
      now: () => clock,
      log: console,
      maxRowsPerAddress: 50,
    });
    const visit = {
      path: "/",
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      country: null,
    };
    for (let i = 0; i < 200; i++) {
      recorder.view(visit, { address: "203.0.113.40", agent: `${CHROME} ${i}` });
      recorder.view(
        { ...visit, referrer: `r${i}.example` },
        { address: "2001:db8:1:2:0:0:0:1", agent: CHROME },
      );
      recorder.view(visit, { address: `2001:db8:1:2::${i + 2}`, agent: FIREFOX });
      recorder.view(visit, { address: `2001:db8::${i + 2}`, agent: FIREFOX });
      recorder.view(visit, { address: `2001:0db8:0000:0000::${i + 2}:1`, agent: FIREFOX });
    }
    // A repeat of a waiting row is a count, not a row: it still counts past the budget.
    recorder.view(visit, { address: "203.0.113.40", agent: `${CHROME} 0` });
    recorder.view(visit, { address: "198.51.100.7", agent: CHROME });
    await recorder.flush();
    const rows = await database.db.select().from(siteEvents);
    expect(rows).toHaveLength(50 + 50 + 50 + 1);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(152);

    clock = new Date("2026-11-21T06:00:00Z");
    recorder.view(visit, { address: "203.0.113.40", agent: `${CHROME} new day` });
    await recorder.flush();
    expect(await database.db.select().from(siteEvents)).toHaveLength(152);
  });
});

describe("conversions", () => {
  it("an enquiry counts for the campaign that brought its visitor that day", async () => {
    const visitor = { "user-agent": CHROME, "x-forwarded-for": "203.0.113.20" };
    await get("/about-us?utm_campaign=gcc-guide", visitor);
    await get("/about-us", {
      "user-agent": FIREFOX,
      "x-forwarded-for": "203.0.113.21",
      referer: "https://www.google.com/",
    });
    await settle();
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact_requests",
      remoteAddress: "203.0.113.20",
      headers: { "user-agent": CHROME },
      payload: { ...enquiryInput },
    });
    expect(sent.statusCode).toBe(201);
    // A refused enquiry is no conversion.
    const refused = await app.inject({
      method: "POST",
      url: "/api/contact_requests",
      remoteAddress: "203.0.113.21",
      headers: { "user-agent": FIREFOX },
      payload: { ...enquiryInput, email: "nope" },
    });
    expect(refused.statusCode).toBe(400);
    await events();
    const figures = await stats();
    expect(figures.sources).toEqual([
      { source: "Campaign: gcc-guide", visitors: 1, conversions: 1 },
      { source: "google.com", visitors: 1, conversions: 0 },
    ]);
    expect(figures.conversions).toEqual({ current: 1, previous: 0 });
    expect(figures.conversion_kinds).toContainEqual({ kind: "enquiry", current: 1, previous: 0 });
  });
});

describe("GET /api/site_analytics", () => {
  it("sets this week against the last, day by day", async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const view = (daysAgo: number, visitor: string, path = "/") => ({
      at: at(daysAgo),
      kind: "view" as const,
      path,
      visitor,
    });
    await database.db
      .insert(siteEvents)
      .values([
        view(0, "a"),
        view(0, "a", "/blog"),
        view(0, "b"),
        view(7, "c"),
        view(7, "d"),
        view(7, "e"),
        view(8, "f"),
      ]);
    const figures = await stats(7);
    expect(figures.views).toEqual({ current: 3, previous: 4 });
    expect(figures.visitors).toEqual({ current: 2, previous: 4 });
    expect(figures.days).toHaveLength(7);
    expect(figures.days.at(-1)).toMatchObject({ date: figures.to, views: 3, visitors: 2, previous_views: 3 });
    expect(figures.pages).toEqual([
      { path: "/", visitors: 2, views: 2 },
      { path: "/blog", visitors: 1, views: 1 },
    ]);
    expect((await stats(28)).views).toEqual({ current: 7, previous: 0 });
  });

  it("is for admins, and says which periods there are", async () => {
    const editor = await operatorToken(app, "editor");
    const asEditor = await app.inject({
      url: "/api/site_analytics",
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(asEditor.statusCode).toBe(403);
    const odd = await app.inject({
      url: "/api/site_analytics?days=9",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain("days must be 7 or 28");
  });
});
