import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { enquiryInput as enquiry } from "../../tests/support/factories";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { rateLimitHits } from "../../db/schema/index";
import { createDatabaseCounter, createRedisCounter } from "../../domain/rate-limit/counters";
import { createTestDatabase } from "../../tests/support/database";
import { buildApp } from "../app";
import { loadConfig } from "../config";

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

  if (process.env.REDIS_URL)
    it("counts them in Redis when REDIS_URL is set", async () => {
      const database = await createTestDatabase();
      open.push(database);
      const apps = await twoInstances(database, { REDIS_URL: process.env.REDIS_URL! });
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
});

if (process.env.REDIS_URL)
  describe("redis counter", () => {
    it("counts per key and expires the key with its window", async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      open.push({ close: () => redis.quit() });
      const counter = createRedisCounter(redis, `test:${process.pid}:${Date.now()}:`);
      expect((await counter.hit("a", 5_000)).current).toBe(1);
      const second = await counter.hit("a", 5_000);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(0);
      expect(second.ttl).toBeLessThanOrEqual(5_000);
      expect((await counter.hit("b", 5_000)).current).toBe(1);
    });
  });
