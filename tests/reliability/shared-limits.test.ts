import { Redis } from "ioredis";
import { enquiryInput as enquiry } from "../support/factories";
import { afterAll, expect, it } from "vitest";
import { createPgDatabase, json, spawnServer, type ServerProcess } from "./support";
import { itWith, describeWith, serviceUrl } from "../support/services";

/**
 * Public-form limits hold across instances: two server processes on one PostgreSQL, limit 3, one
 * visitor posting to each in turn is refused on the 4th post, as with one instance; also with REDIS_URL.
 */
const live = new Set<ServerProcess>();
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of live) await s.stop("SIGKILL");
  for (const drop of drops) await drop();
});

async function alternatingPosts(env: Record<string, string>) {
  const database = await createPgDatabase("limits");
  drops.push(database.drop);
  const settings = { DATABASE_URL: database.url, PUBLIC_FORM_RATE_LIMIT: "3", LOG_LEVEL: "error", ...env };
  const a = await spawnServer({ env: settings });
  live.add(a);
  const b = await spawnServer({ env: settings });
  live.add(b);
  const statuses: number[] = [];
  for (const server of [a, b, a, b]) {
    const res = await fetch(`${server.url}/api/contact_requests`, json(enquiry));
    statuses.push(res.status);
  }
  return statuses;
}

describeWith("TEST_DATABASE_URL", "two instances on one PostgreSQL", () => {
  it("refuse the 4th post of one visitor alternating between them (limit 3)", async () => {
    expect(await alternatingPosts({})).toEqual([201, 201, 201, 429]);
  });

  itWith("REDIS_URL", "do the same with the counters in Redis", async () => {
    // Every run posts from 127.0.0.1: forget an earlier run's counts for this form.
    const redis = new Redis(serviceUrl("REDIS_URL"));
    const stale = await redis.keys("gcc:rate:*:enquiries:*");
    if (stale.length) await redis.del(...stale);
    await redis.quit();
    expect(await alternatingPosts({ REDIS_URL: serviceUrl("REDIS_URL") })).toEqual([201, 201, 201, 429]);
  });
});
