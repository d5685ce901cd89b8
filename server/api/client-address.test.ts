import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createPost } from "#tests/support/factories.ts";
import { buildApp } from "../app";
import { loadConfig } from "../config";

/**
 * Which client address the limits see behind a proxy (TRUST_PROXY). A proxy appends the address it saw
 * to X-Forwarded-For; everything to the left of it came from the client and can say anything.
 */
let database: DatabaseHandle;
let dataDir: string;
let blogId: number;
const LIMIT = 5;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "gcc-proxy-"));
  database = await createTestDatabase();
  blogId = (await createPost(database.db)).id;
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appWith(TRUST_PROXY: string): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-that-is-long-enough-0123456789",
    LOG_LEVEL: "silent",
    PUBLIC_FORM_RATE_LIMIT: String(LIMIT),
    TRUST_PROXY,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

let comments = 0;

/** Twenty comment posts, each its own text (a repeat is refused); answers how many got through. */
async function postTwenty(
  app: FastifyInstance,
  request: (i: number) => { remoteAddress: string; forwardedFor?: string },
) {
  let accepted = 0;
  for (let i = 0; i < 20; i++) {
    const { remoteAddress, forwardedFor } = request(i);
    const res = await app.inject({
      method: "POST",
      url: "/api/blog_comments/",
      payload: {
        blog_id: blogId,
        name: "Asha",
        email_id: "asha@example.com",
        comment: `Comment ${++comments}`,
      },
      remoteAddress,
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    });
    expect([201, 429]).toContain(res.statusCode);
    if (res.statusCode === 201) accepted++;
  }
  return accepted;
}

describe("TRUST_PROXY", () => {
  it("with one trusted hop, takes the address the proxy appended: spoofed left-most addresses do not reset the limit", async () => {
    const app = await appWith("1");
    try {
      const accepted = await postTwenty(app, (i) => ({
        remoteAddress: "127.0.0.1",
        forwardedFor: `198.51.100.${i}, 203.0.113.7`,
      }));
      expect(accepted).toBe(LIMIT);
      // Another client behind the same proxy has its own allowance.
      const other = await postTwenty(app, () => ({
        remoteAddress: "127.0.0.1",
        forwardedFor: "203.0.113.8",
      }));
      expect(other).toBe(LIMIT);
    } finally {
      await app.close();
    }
  });

  it("with the proxy's address range, believes only what that proxy says", async () => {
    const app = await appWith("10.0.0.0/8");
    try {
      // Through the proxy: the client's own X-Forwarded-For entries are ignored.
      expect(
        await postTwenty(app, (i) => ({
          remoteAddress: "10.1.2.3",
          forwardedFor: `198.51.100.${i}, 203.0.113.9`,
        })),
      ).toBe(LIMIT);
      // Straight to the server, not through the proxy: X-Forwarded-For is not believed at all.
      expect(
        await postTwenty(app, (i) => ({ remoteAddress: "203.0.113.50", forwardedFor: `198.51.100.${i}` })),
      ).toBe(LIMIT);
    } finally {
      await app.close();
    }
  });

  it("true means one proxy in front, not 'believe the client'", async () => {
    const app = await appWith("true");
    try {
      expect(
        await postTwenty(app, (i) => ({
          remoteAddress: "127.0.0.1",
          forwardedFor: `198.51.100.${i}, 127.0.0.1`,
        })),
      ).toBe(LIMIT);
    } finally {
      await app.close();
    }
  });

  it("reports HTTPS (for HSTS) only when the request comes from a trusted proxy", async () => {
    const app = await appWith("10.0.0.0/8");
    try {
      const hsts = async (remoteAddress: string) =>
        (await app.inject({ url: "/healthz", remoteAddress, headers: { "x-forwarded-proto": "https" } }))
          .headers["strict-transport-security"];
      expect(await hsts("10.0.0.2")).toMatch(/max-age=\d+/);
      expect(await hsts("203.0.113.50")).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
