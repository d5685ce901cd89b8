import { eq, sql } from "drizzle-orm";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, renameSync } from "node:fs";
import { promisify } from "node:util";
import { gzipSync, createGunzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countContent, readArchive } from "#db/backup/archive.ts";
import {
  discardPreviousDatabase,
  PREVIOUS_DATABASE,
  RESTORED_MARKER,
  unfinishedRestore,
} from "#db/backup/previous.ts";
import { encodeHeader, endOfArchive, memoryEntry, readTar } from "#db/backup/tar.ts";
import { openDatabase, type DatabaseHandle } from "#db/client.ts";
import { contactRequests, mediaFiles } from "#db/schema/index.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
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
    // Only routes that declare the local key take it (the backup, and the operators `npm run operator` manages).
    const settings = await app.inject({
      method: "GET",
      url: "/api/site_settings",
      headers: { authorization: `Local ${app.localKey}` },
    });
    expect(settings.statusCode).toBe(401);
  });

  it("lets an admin's token through and answers an editor's with 403", async () => {
    expect((await backup(`Bearer ${await operatorToken(app, "editor")}`)).statusCode).toBe(403);
    const res = await backup(`Bearer ${await operatorToken(app, "admin")}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
  }, 60_000);

  it("takes one backup at a time", async () => {
    // The first backup is held open on purpose: its answer is paused after the head, so its archive
    // cannot finish streaming (and free the slot) until this test reads it.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const first = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/backup",
          headers: { authorization: `Local ${app.localKey}` },
        },
        (res) => {
          res.pause();
          resolve(res);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(first.statusCode).toBe(200);
    const second = await backup(`Local ${app.localKey}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("A backup is being taken; try again when it has finished.");
    const chunks: Buffer[] = [];
    for await (const chunk of first) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    // Once the first has been sent, the next may start.
    expect((await backup(`Local ${app.localKey}`)).statusCode).toBe(200);
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

/** The backup file with `change` applied to one file's bytes; `fixChecksum` also updates the manifest. */
async function alteredBackup(
  file: string,
  path: string,
  change: (bytes: Buffer) => void,
  fixChecksum: boolean,
) {
  const parts: Buffer[] = [];
  const files: { name: string; bytes: Buffer; type: string }[] = [];
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    files.push({ name: entry.name, bytes: Buffer.concat(chunks), type: entry.type });
  }
  const manifest = JSON.parse(files[0]!.bytes.toString()) as { checksums: Record<string, string> };
  for (const f of files.slice(1))
    if (f.name === `pglite/${path}`) {
      change(f.bytes);
      if (fixChecksum) manifest.checksums[path] = createHash("sha256").update(f.bytes).digest("hex");
    }
  parts.push(...memoryEntry("manifest.json", Buffer.from(JSON.stringify(manifest))));
  for (const f of files.slice(1))
    if (f.type === "file") parts.push(...memoryEntry(f.name, f.bytes));
    else parts.push(encodeHeader({ name: f.name, type: "directory", size: 0, mode: 0o700, mtime: 0 }));
  const out = join(dataDir, `altered-${fixChecksum}.tar.gz`);
  writeFileSync(out, gzipSync(Buffer.concat([...parts, endOfArchive()])));
  return out;
}

const run = promisify(execFile);
/** `npm run db:restore -- FILE [--force]` into `target`, as an operator runs it. */
const restore = (file: string, target: string, ...flags: string[]) =>
  run(join("node_modules", ".bin", "tsx"), ["db/cli/restore.ts", file, ...flags], {
    env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );
const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe("a restore cut off between its two renames", () => {
  it("leaves the replaced database, which nothing may open over, and says how to put it back", () => {
    const target = mkdtempSync(join(tmpdir(), "gcc-restore-cut-"));
    try {
      expect(unfinishedRestore(target)).toBeNull();
      mkdirSync(join(target, PREVIOUS_DATABASE));
      expect(unfinishedRestore(target)).toBe(
        `Refusing to start: there is no database at ${join(target, "pglite")}, and ${join(target, PREVIOUS_DATABASE)} holds the one a restore replaced ` +
          "(the restore stopped before it finished; nothing was lost). " +
          `Move it back with: mv "${join(target, PREVIOUS_DATABASE)}" "${join(target, "pglite")}" ; then start again, and run the restore again if you still want it.`,
      );
      mkdirSync(join(target, "pglite"));
      expect(unfinishedRestore(target)).toBeNull();
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});

describe("db:restore of a damaged backup", () => {
  it("checks every file's checksum and reads every table before the swap, and keeps the replaced database", async () => {
    const res = await backup(`Local ${app.localKey}`);
    const good = join(dataDir, "good.tar.gz");
    writeFileSync(good, res.rawPayload);
    const result = await database.db.execute<{ path: string }>(
      sql`select pg_relation_filepath('contact_requests') as path`,
    );
    const table = (result as unknown as { rows: { path: string }[] }).rows[0]!.path;
    // pd_lower, pd_upper and pd_special of page 0: PostgreSQL calls such a page invalid.
    const breakPage = (bytes: Buffer) => bytes.fill(0xff, 12, 18);

    const target = mkdtempSync(join(tmpdir(), "gcc-restore-"));
    try {
      expect(await restore(good, target)).toMatchObject({ code: 0 });
      const live = listing(target);
      const liveTable = readFileSync(join(target, "pglite", table));

      const tampered = await alteredBackup(good, table, breakPage, false);
      const refused = await restore(tampered, target, "--force");
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`pglite/${table} does not match its checksum`);

      const badPage = await alteredBackup(good, table, breakPage, true);
      const unreadable = await restore(badPage, target, "--force");
      expect(unreadable.code).toBe(1);
      expect(unreadable.out).toMatch(
        /^Restore failed; DATA_DIR is as it was: the table public.contact_requests of the backup cannot be read \(invalid page in block 0/,
      );
      expect(listing(target)).toEqual(live);
      expect(readFileSync(join(target, "pglite", table))).toEqual(liveTable);

      const replaced = await restore(good, target, "--force");
      expect(replaced.code, replaced.out).toBe(0);
      expect(replaced.out).toContain(`kept in ${join(target, PREVIOUS_DATABASE)}`);
      expect(readFileSync(join(target, PREVIOUS_DATABASE, table))).toEqual(liveTable);
      // Until a server has started on the new copy, a second restore would overwrite the only good one.
      const again = await restore(good, target, "--force");
      expect(again.out).toMatch(
        /^Refusing to restore: .*pglite.previous holds the database an earlier restore replaced/,
      );
      // Only a start on the restored copy (it carries the restore's marker) may remove the replaced one.
      const marker = join(target, "pglite", RESTORED_MARKER);
      expect(JSON.parse(readFileSync(marker, "utf8"))).toMatchObject({ backup: good });
      renameSync(marker, join(target, "marker-aside"));
      expect(await discardPreviousDatabase(target)).toBe("kept");
      expect(readFileSync(join(target, PREVIOUS_DATABASE, table))).toEqual(liveTable);
      renameSync(join(target, "marker-aside"), marker);
      expect(await discardPreviousDatabase(target)).toBe("discarded");
      expect(existsSync(join(target, PREVIOUS_DATABASE))).toBe(false);
      expect(existsSync(marker)).toBe(false);
      expect(await discardPreviousDatabase(target)).toBe("none");
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }, 180_000);
});
