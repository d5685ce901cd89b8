import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { createPost, enquiryInput as enquiry } from "#tests/support/factories.ts";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { rateLimitHits } from "#db/schema/index.ts";
import { createDatabaseCounter, createRedisCounter } from "#domain/rate-limit/counters.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { itWith, describeWith, serviceUrl } from "#tests/support/services.ts";

const open: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const o of open.reverse()) await o.close();
});

/** Two app instances on one database (as two processes behind a load balancer would be), limit 3. */
async function twoInstances(database: DatabaseHandle, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "gcc-limits-"));
  open.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-that-is-long-enough-0123456789",
    LOG_LEVEL: "silent",
    PUBLIC_FORM_RATE_LIMIT: "3",
    ...env,
  });
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ config, database });
    await app.ready();
    open.push(app);
    apps.push(app);
  }
  return apps;
}

const post = (app: FastifyInstance, ip: string) =>
  app.inject({ method: "POST", url: "/api/contact_requests", payload: enquiry, remoteAddress: ip });

async function alternate(apps: FastifyInstance[], ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await post(apps[i % 2]!, ip)).statusCode);
  return statuses;
}

describe("public-form limits shared by every instance", () => {
  it("counts posts alternating between two instances as one visitor's: the 4th is refused (database)", async () => {
    const database = await createTestDatabase();
    open.push(database);
    const apps = await twoInstances(database);
    expect(await alternate(apps, "10.1.1.1")).toEqual([201, 201, 201, 429]);
    expect((await post(apps[1]!, "10.1.1.2")).statusCode).toBe(201);
  });

  itWith("REDIS_URL", "counts them in Redis when REDIS_URL is set", async () => {
    const database = await createTestDatabase();
    open.push(database);
    const apps = await twoInstances(database, { REDIS_URL: serviceUrl("REDIS_URL") });
    const visitor = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    expect(await alternate(apps, visitor)).toEqual([201, 201, 201, 429]);
    expect(await database.db.$count(rateLimitHits)).toBe(0);
  });

  it("refuses a public post with 503 while the counter is unreachable, and stays up", async () => {
    const database = await createTestDatabase();
    open.push(database);
    // Nothing listens on port 1: every count fails at once.
    const [app] = await twoInstances(database, { REDIS_URL: "redis://127.0.0.1:1" });
    const res = await post(app!, "10.3.3.3");
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("The service is temporarily unavailable. Please try again shortly.");
    expect((await app!.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});

describe("accepted-posts limit (comments)", () => {
  it("counts only 2xx answers: a duplicate (409) or a post that is gone (404) leaves the limit as it was", async () => {
    const database = await createTestDatabase();
    open.push(database);
    const [app] = await twoInstances(database, { PUBLIC_FORM_RATE_LIMIT: "2" });
    const post = await createPost(database.db);
    const draft = await createPost(database.db, { status: "draft" });
    const comment = (blogId: number, text: string) =>
      app!.inject({
        method: "POST",
        url: "/api/blog_comments/",
        remoteAddress: "10.4.4.4",
        payload: { blog_id: blogId, name: "Asha Verma", email_id: "asha@example.com", comment: text },
      });
    expect((await comment(post.id, "First thought")).statusCode).toBe(201);
    expect((await comment(post.id, "First thought")).statusCode).toBe(409);
    expect((await comment(draft.id, "On a draft")).statusCode).toBe(404);
    expect((await comment(draft.id, "On a draft again")).statusCode).toBe(404);
    // Three refused after validation, and still the second accepted comment of two goes through.
    expect((await comment(post.id, "Second thought")).statusCode).toBe(201);
    const third = await comment(post.id, "Third thought");
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    // The refused 429 gave its hit back too: the count stays at the limit, not above it.
    expect((await comment(post.id, "Fourth thought")).statusCode).toBe(429);
    expect(
      (await database.db.select().from(rateLimitHits)).find((r) => r.key.startsWith("accepted:comments:"))
        ?.hits,
    ).toBe(2);
  });
});

describe("database counter", () => {
  it("counts per key and window, tells the time left, and deletes windows that ended", async () => {
    const database = await createTestDatabase();
    open.push(database);
    let now = 1_000_000;
    const counter = createDatabaseCounter(database.db, () => now);
    expect(await counter.hit("a", 10_000)).toEqual({ current: 1, ttl: 10_000 });
    now += 4_000;
    expect(await counter.hit("a", 10_000)).toEqual({ current: 2, ttl: 6_000 });
    expect(await counter.hit("b", 10_000)).toEqual({ current: 1, ttl: 6_000 });
    now += 6_000; // the next window
    expect(await counter.hit("a", 10_000)).toEqual({ current: 1, ttl: 10_000 });
    expect(await counter.sweep()).toBe(2);
    expect(await database.db.$count(rateLimitHits)).toBe(1);
  });

  it("takes back a hit of the current window only, never below 0", async () => {
    const database = await createTestDatabase();
    open.push(database);
    let now = 2_000_000;
    const counter = createDatabaseCounter(database.db, () => now);
    await counter.hit("a", 10_000);
    await counter.hit("a", 10_000);
    await counter.refund("a", 10_000);
    expect((await counter.hit("a", 10_000)).current).toBe(2);
    await counter.refund("a", 10_000);
    await counter.refund("a", 10_000);
    await counter.refund("a", 10_000);
    expect((await counter.hit("a", 10_000)).current).toBe(1);
    now += 10_000; // the next window: a refund there leaves the ended window's count alone
    await counter.refund("a", 10_000);
    expect((await database.db.select().from(rateLimitHits)).map((r) => r.hits)).toEqual([1]);
    expect(await database.db.$count(rateLimitHits)).toBe(1);
  });

  it("adds up amounts (bytes), gives some back, and stops at the column's limit instead of failing", async () => {
    const database = await createTestDatabase();
    open.push(database);
    const counter = createDatabaseCounter(database.db, () => 1_000_000);
    expect((await counter.hit("bytes", 60_000, 5_000_000)).current).toBe(5_000_000);
    expect((await counter.hit("bytes", 60_000, 3_000_000)).current).toBe(8_000_000);
    expect((await counter.hit("bytes", 60_000, -3_000_000)).current).toBe(5_000_000);
    expect((await counter.hit("bytes", 60_000, 2_147_000_000)).current).toBe(2_147_483_647);
    expect((await counter.hit("bytes", 60_000, 2_147_000_000)).current).toBe(2_147_483_647);
  });
});

describeWith("REDIS_URL", "redis counter", () => {
  it("counts per key and expires the key with its window", async () => {
    const redis = new Redis(serviceUrl("REDIS_URL"));
    open.push({ close: () => redis.quit() });
    const counter = createRedisCounter(redis, `test:${process.pid}:${Date.now()}:`);
    expect((await counter.hit("a", 5_000)).current).toBe(1);
    const second = await counter.hit("a", 5_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(5_000);
    expect((await counter.hit("b", 5_000)).current).toBe(1);
    expect((await counter.hit("bytes", 5_000, 4_000_000)).current).toBe(4_000_000);
    const more = await counter.hit("bytes", 5_000, 1_000_000);
    expect(more.current).toBe(5_000_000);
    expect(more.ttl).toBeGreaterThan(0);
    expect((await counter.hit("bytes", 5_000, -1_000_000)).current).toBe(4_000_000);
  });

  it("takes back a hit, never below 0, and never brings back a key that expired", async () => {
    const redis = new Redis(serviceUrl("REDIS_URL"));
    open.push({ close: () => redis.quit() });
    const prefix = `test:${process.pid}:${Date.now()}:refund:`;
    const counter = createRedisCounter(redis, prefix);
    await counter.hit("a", 5_000);
    await counter.hit("a", 5_000);
    await counter.refund("a", 5_000);
    expect((await counter.hit("a", 5_000)).current).toBe(2);
    for (let i = 0; i < 3; i++) await counter.refund("a", 5_000);
    expect(await redis.get(`${prefix}a`)).toBe("0");
    expect(await redis.pttl(`${prefix}a`)).toBeGreaterThan(0);
    await counter.refund("gone", 5_000);
    expect(await redis.exists(`${prefix}gone`)).toBe(0);
  });
});
