import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, createPgDatabase, freePort, signIn, spawnServer, type ServerProcess } from "./support";
import { itWith, serviceUrl } from "../support/services";
import { startTestSmtp } from "../support/smtp";

/**
 * The built server as `npm run serve` starts it, once per option set, each option checked over HTTP: the
 * build bundles the server, so what works from source (a lazily imported package, say) can still fail here.
 * The embedded option sets share one data directory, so only the first start creates and seeds a database.
 */

const enquiry = (tag: string) => ({
  first_name: "Option",
  last_name: tag,
  email: "option.check@example.com",
  message: `Checking the option set ${tag}`,
  privacy_consent: true,
});

/** Posts one enquiry, as from `forwardedFor` when given; answers the status. */
async function postEnquiry(url: string, tag: string, forwardedFor?: string): Promise<number> {
  const res = await fetch(`${url}/api/contact_requests`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify(enquiry(tag)),
  });
  return res.status;
}

const group = () => (0x1000 + (randomBytes(2).readUInt16BE() % 0xf000)).toString(16);
/**
 * A documentation address (2001:db8::/32) in a /64 no other test or run uses, so shared counters start at
 * zero (the limits count an IPv6 client by its /64); `key` is how the counter names it.
 */
function uniqueClient() {
  const prefix = `2001:db8:${group()}:${group()}`;
  return { address: `${prefix}::1`, key: `${prefix}::` };
}

const LIMIT = 2;

describe("the built server, once per option set", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const start = async (env: Record<string, string>) => {
    server = await spawnServer({ dataDir, env: { PUBLIC_FORM_RATE_LIMIT: String(LIMIT), ...env } });
    return server;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "gcc-options-"));
  });
  // A failed test leaves its server running; the next start needs the data directory.
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  const stop = async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
  };

  it("METRICS_TOKEN: /metrics answers the token only; a same-length non-ASCII token is refused like any other", async () => {
    const token = "metrics-token-0123456789";
    const { url } = await start({ METRICS_TOKEN: token });
    const scrape = (value: string) =>
      fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${value}` } });

    await fetch(`${url}/api/blog_details/`);
    const res = await scrape(token);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/blog_details\/"/);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect((await scrape("wrong-token-0123456789ab")).status).toBe(404);
    // "é" is one character but two bytes: the digest comparison must not trip over the byte length.
    expect((await scrape(`${token.slice(0, -1)}é`)).status).toBe(404);
    await stop();
  });

  it("PUBLIC_BASE_URL: sitemap, robots.txt, RSS and a post's canonical tag and JSON-LD use it", async () => {
    const base = "https://www.example.test";
    const { url, output } = await start({ PUBLIC_BASE_URL: base, LOG_LEVEL: "info" });
    // Logged once it listens, so possibly just after /readyz first answers.
    await expect.poll(output).toContain(`"msg":"public address: ${base} (from PUBLIC_BASE_URL)"`);
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(1);
    for (const loc of locs) expect(loc.startsWith(`${base}/`), loc).toBe(true);
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${base}/sitemap.xml`);
    const rss = await (await fetch(`${url}/rss.xml`)).text();
    expect(rss).toContain(`<link>${base}/`);
    expect(rss).not.toContain("localhost");

    const post = locs.find((loc) => /\/blog\/\d/.test(loc))!;
    expect(post, "the demo content has a published post").toBeDefined();
    const html = await (await fetch(url + post.slice(base.length))).text();
    expect(html).toContain(`<link rel="canonical" href="${post}"/>`);
    expect(html).toMatch(new RegExp(`"@type":"BlogPosting"[^<]*"url":"${post.replace(/[/.]/g, "\\$&")}"`));
    expect(html).not.toContain("localhost");
    await stop();
  });

  it("TRUST_PROXY=1: the right-most forwarded address is the client, and a forwarded https earns HSTS", async () => {
    const { url } = await start({ TRUST_PROXY: "1" });
    const client = uniqueClient();
    // A client prepending addresses of its choosing does not escape its limit.
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push(await postEnquiry(url, `hop1-${i}`, `198.51.100.${i}, ${client.address}`));
    expect(statuses).toEqual([201, 201, 429]);
    expect(await postEnquiry(url, "hop1-other", uniqueClient().address)).toBe(201);
    const https = await fetch(`${url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    await stop();
  });

  it("TRUST_PROXY=2: the second address from the right is the client", async () => {
    const { url } = await start({ TRUST_PROXY: "2" });
    const client = uniqueClient();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push(
        await postEnquiry(url, `hop2-${i}`, `198.51.100.${i}, ${client.address}, 10.0.0.${i + 1}`),
      );
    expect(statuses).toEqual([201, 201, 429]);
    await stop();
  });

  it("TRUST_PROXY as CIDR ranges: addresses inside them are proxies, the first one outside is the client", async () => {
    const { url } = await start({ TRUST_PROXY: "loopback,10.0.0.0/8" });
    const client = uniqueClient();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push(
        await postEnquiry(url, `cidr-${i}`, `198.51.100.${i}, ${client.address}, 10.9.8.${i + 1}`),
      );
    expect(statuses).toEqual([201, 201, 429]);
    await stop();
  });

  it("without TRUST_PROXY, forwarded headers are ignored: no HSTS, one limit for every claimed address", async () => {
    const { url } = await start({});
    const https = await fetch(`${url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.status).toBe(200);
    expect(https.headers.get("strict-transport-security")).toBeNull();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push(await postEnquiry(url, `direct-${i}`, uniqueClient().address));
    expect(statuses).toEqual([201, 201, 429]);
    await stop();
  });

  it("SMTP_URL: an enquiry's notification arrives at the SMTP server", async () => {
    const smtp = await startTestSmtp();
    try {
      const { url } = await start({
        SMTP_URL: smtp.url,
        // This directory's counter for 127.0.0.1 is spent by the test before.
        PUBLIC_FORM_RATE_LIMIT: "100",
      });
      expect(await postEnquiry(url, "Mailed")).toBe(201);
      // However the server sends it (at once or from an outbox), the message arrives.
      // Only this enquiry's: the option sets share a data directory, and an earlier set's pending mail may go too.
      const mailed = () => smtp.received.filter((mail) => mail.subject === "New enquiry from Option Mailed");
      await expect.poll(() => mailed().length, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);
      expect(mailed()).toHaveLength(1);
      expect(mailed()[0]!.raw).toContain("Checking the option set Mailed");
      await stop();
    } finally {
      await smtp.stop();
    }
  });

  itWith("REDIS_URL", "REDIS_URL: the public-form limit counts in Redis", async () => {
    const redisUrl = serviceUrl("REDIS_URL");
    const { url } = await start({ REDIS_URL: redisUrl, TRUST_PROXY: "1" });
    const client = uniqueClient();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await postEnquiry(url, `redis-${i}`, client.address));
    expect(statuses).toEqual([201, 201, 429]);
    const redis = new Redis(redisUrl);
    try {
      // Every attempt counts against the attempts bound; only accepted enquiries (the 429 gave its hit back)
      // against the limit.
      const keys = (await redis.keys(`gcc:rate:*:${client.key}`)).sort();
      expect(keys).toEqual([
        `gcc:rate:accepted:enquiries:${client.key}`,
        `gcc:rate:attempts:enquiries:${client.key}`,
      ]);
      expect(await redis.get(keys[0]!)).toBe(String(LIMIT));
      expect(await redis.get(keys[1]!)).toBe(String(LIMIT + 1));
    } finally {
      redis.disconnect();
    }
    await stop();
  });

  it("REDIS_URL unreachable: the server starts and serves pages; limited forms answer 503 with a message", async () => {
    const { url } = await start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect((await fetch(`${url}/`)).status).toBe(200);
    const res = await fetch(`${url}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(enquiry("no-redis")),
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/try again/i);
    await stop();
  });

  it("PUBLIC_BASE_URL unset: the log warns; an address saved in Site settings reaches cached pages, sitemap and RSS", async () => {
    const { url, output } = await start({});
    await expect
      .poll(output)
      .toMatch(/"level":40,.*"msg":"public address: http:\/\/localhost:\d+, a default;/);
    const sitemap = async () =>
      (await (await fetch(`${url}/sitemap.xml`)).text()).match(/<loc>([^<]+)<\/loc>/g)!;
    const post = (await sitemap()).map((loc) => loc.slice(5, -6)).find((loc) => /\/blog\/\d/.test(loc))!;
    const path = new URL(post).pathname;
    // Read twice, so the page is in the page cache when the address changes.
    for (let i = 0; i < 2; i++) expect(await (await fetch(url + path)).text()).toContain(`href="${post}"`);

    const token = await signIn(url);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const { data } = (await (await fetch(`${url}/api/site_settings`, { headers })).json()) as {
      data: object;
    };
    const base = "https://gcc.example.org";
    const saved = await fetch(`${url}/api/site_settings`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ ...data, public_base_url: base }),
    });
    expect(saved.status).toBe(200);

    const html = await (await fetch(url + path)).text();
    expect(html).toContain(`<link rel="canonical" href="${base}${path}"/>`);
    expect(html).toContain(`"url":"${base}${path}"`);
    expect(html).not.toContain("localhost");
    for (const loc of await sitemap()) expect(loc.startsWith(`<loc>${base}/`), loc).toBe(true);
    expect(await (await fetch(`${url}/rss.xml`)).text()).not.toContain("localhost");
    await stop();
  });

  it("defaults: sign-in (argon2) and an image upload (sharp), both loaded on first use, work in the build", async () => {
    const { url } = await start({});
    const token = await signIn(url);
    const image = await sharp({
      create: { width: 800, height: 400, channels: 3, background: "#c33" },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "red.jpg");
    const res = await fetch(`${url}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; width: number } };
    expect(data.width).toBe(800);
    const stored = await fetch(url + data.url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    await stop();
  });

  itWith(
    "TEST_DATABASE_URL",
    "DATABASE_URL: a fresh PostgreSQL database is migrated and stores what the server acknowledges",
    async () => {
      const database = await createPgDatabase("options");
      try {
        const pgServer = await spawnServer({ env: { DATABASE_URL: database.url } });
        server = pgServer;
        expect(await postEnquiry(pgServer.url, "Postgres")).toBe(201);
        const rows = await adminQuery<{ n: number }>(
          database.url,
          "select count(*)::int as n from contact_requests where last_name = 'Postgres'",
        );
        expect(rows[0]!.n).toBe(1);
        expect((await fetch(`${pgServer.url}/readyz`)).status).toBe(200);
        await stop();
      } finally {
        await server?.stop();
        await database.drop();
      }
    },
  );
});
