import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countContent, readArchive } from "../../db/backup/archive";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { contactRequests, mediaFiles } from "../../db/schema/index";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createTestApp, type TestApp } from "../support/app";
import { operatorToken } from "../support/auth";

/**
 * POST /api/backup on an embedded database on disk, through the app's own access rules: the local key
 * (what `npm run db:backup` sends) from this machine only, an admin's token, never an editor's.
 */
const dataDir = mkdtempSync(join(tmpdir(), "gcc-backup-api-"));
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-that-is-long-enough-0123456789",
    LOG_LEVEL: "silent",
  });
  app = await buildApp({ config, database });
  await app.ready();
  await database.db.insert(contactRequests).values({
    firstName: "Before",
    lastName: "Backup",
    email: "before@example.com",
    message: "written before the backup",
  });
  await database.db
    .insert(mediaFiles)
    .values({ id: "f".repeat(32), file: "480.webp", contentType: "image/webp", bytes: Buffer.from("RIFF") });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const backup = (authorization?: string, remoteAddress?: string) =>
  app.inject({
    method: "POST",
    url: "/api/backup",
    headers: authorization ? { authorization } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe("POST /api/backup", () => {
  it("answers the local key from this machine with a .tar.gz of the database as it was", async () => {
    const res = await backup(`Local ${app.localKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/gzip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="gcc-backup-\d{8}T\d{6}\.tar\.gz"$/,
    );
    expect(res.headers["cache-control"]).toContain("no-store");

    const file = join(dataDir, "answer.tar.gz");
    writeFileSync(file, res.rawPayload);
    const target = join(dataDir, "unpacked");
    const { manifest } = await readArchive(file, target);
    expect(manifest).toMatchObject({ engine: "pglite", taken: "online", migrations: expect.any(Number) });
    expect(manifest.migrations).toBeGreaterThan(0);

    const copy = await openDatabase({ kind: "pglite", dataDir: target });
    try {
      const counts = await countContent(copy.db);
      expect(counts).toMatchObject({ enquiries: 1, images: 1, mediaFiles: 1 });
      const [image] = await copy.db.select().from(mediaFiles).where(eq(mediaFiles.file, "480.webp"));
      expect(image?.bytes.toString()).toBe("RIFF");
    } finally {
      await copy.close();
    }
    // The scratch copy is gone once the answer has been sent.
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".backup-"))).toEqual([]);
  }, 120_000);

  it("refuses a wrong key, the right key from another machine, and the key on other routes", async () => {
    expect((await backup("Local wrong-key")).statusCode).toBe(401);
    expect((await backup(`Local ${app.localKey}`, "203.0.113.9")).statusCode).toBe(401);
    const relayed = await app.inject({
      method: "POST",
      url: "/api/backup",
      headers: { authorization: `Local ${app.localKey}`, "x-forwarded-for": "203.0.113.9" },
    });
    expect(relayed.statusCode).toBe(401);
    const operators = await app.inject({
      method: "GET",
      url: "/api/operators",
      headers: { authorization: `Local ${app.localKey}` },
    });
    expect(operators.statusCode).toBe(401);
  });

  it("lets an admin's token through and answers an editor's with 403", async () => {
    expect((await backup(`Bearer ${await operatorToken(app, "editor")}`)).statusCode).toBe(403);
    const res = await backup(`Bearer ${await operatorToken(app, "admin")}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
  }, 60_000);

  it("takes one backup at a time", async () => {
    const first = Promise.resolve(backup(`Local ${app.localKey}`)); // inject starts when awaited
    // The first holds its copy of the data directory (a scratch directory in DATA_DIR) until it is sent.
    const copying = () => readdirSync(dataDir).some((name) => name.startsWith(".backup-"));
    await expect.poll(copying, { interval: 2, timeout: 30_000 }).toBe(true);
    const second = await backup(`Local ${app.localKey}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("A backup is being taken; try again when it has finished.");
    expect((await first).statusCode).toBe(200);
  }, 60_000);
});

describe("POST /api/backup without a data directory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says there is nothing on disk to back up", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/backup",
      headers: { authorization: `Local ${t.app.localKey}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This (database is in memory|server runs on PostgreSQL)/);
  });
});
