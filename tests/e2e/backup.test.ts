import { countDistinct, like } from "drizzle-orm";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readArchive, type BackupManifest } from "#db/backup/archive.ts";
import { PREVIOUS_DATABASE, RESTORED_MARKER } from "#db/backup/previous.ts";
import { openDatabase } from "#db/client.ts";
import { blogComments, blogPosts, contactRequests, mediaFiles } from "#db/schema/index.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "./support/server";

/**
 * `npm run db:backup` and `npm run db:restore` run as an operator runs them (npm, DATA_DIR in the
 * environment) against the compiled server: a backup taken while the server serves and takes writes is
 * one consistent instant of its database, media included, and a server started on the restored copy
 * serves the same content.
 */
const servers: RunningServer[] = [];
const work = mkdtempSync(join(tmpdir(), "gcc-backup-"));
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const dir of [work, ...servers.map((s) => s.dataDir)]) rmSync(dir, { recursive: true, force: true });
});

let backupFile = "";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  startedAt: number;
  endedAt: number;
}

/** `npm run <script> -- ...args` with only the settings an operator's shell would have. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const startedAt = Date.now();
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => (stderr += c));
  return new Promise((done) =>
    child.once("exit", (code) => done({ code, stdout, stderr, startedAt, endedAt: Date.now() })),
  );
}

/** What npm itself prints on this machine (a user-config warning) is not the command's output. */
const own = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("npm warn"))
    .join("\n");

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Write {
  i: number;
  sentAt: number;
  ackedAt: number | null;
}

/** Posts one kind of write after another until stopped, noting when each was sent and acknowledged. */
function writer(post: (i: number) => Promise<Response>) {
  const writes: Write[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const write: Write = { i, sentAt: Date.now(), ackedAt: null };
      writes.push(write);
      const res = await post(i);
      await res.arrayBuffer();
      if (res.status === 201) write.ackedAt = Date.now();
      else throw new Error(`write ${i} answered ${res.status}`);
    }
  })();
  return {
    writes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const ENQUIRY = "backup-writer enquiry";
const COMMENT = "backup-writer comment";

/** The writer's numbers that a database holds, in order. */
async function writerIndexes(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    const { db } = handle;
    const number = (text: string) => Number(/(\d+)$/.exec(text)![1]);
    const enquiries = (
      await db
        .select({ message: contactRequests.message })
        .from(contactRequests)
        .where(like(contactRequests.message, `${ENQUIRY} %`))
    )
      .map((r) => number(r.message))
      .sort((a, b) => a - b);
    const comments = (
      await db
        .select({ comment: blogComments.comment })
        .from(blogComments)
        .where(like(blogComments.comment, `${COMMENT} %`))
    )
      .map((r) => number(r.comment))
      .sort((a, b) => a - b);
    const [images] = await db.select({ n: countDistinct(mediaFiles.id) }).from(mediaFiles);
    const counts = {
      posts: await db.$count(blogPosts),
      comments: await db.$count(blogComments),
      enquiries: await db.$count(contactRequests),
      images: images!.n,
      mediaFiles: await db.$count(mediaFiles),
    };
    return { enquiries, comments, counts };
  } finally {
    await handle.close();
  }
}

/** The writes of one writer that a backup taken at `instant` must hold, and those it cannot hold. */
function checkInstant(held: number[], writes: Write[], instant: number, label: string) {
  const k = held.length;
  // One write after the other: an instant holds the first k writes, no gap.
  expect(held, `${label}: the first ${k} writes, no gap`).toEqual(Array.from({ length: k }, (_, i) => i));
  const ackedBefore = writes.filter((w) => w.ackedAt !== null && w.ackedAt < instant).length;
  const sentAfter = writes.filter((w) => w.sentAt > instant).map((w) => w.i);
  expect(k, `${label}: every write acknowledged before the backup's instant`).toBeGreaterThanOrEqual(
    ackedBefore,
  );
  expect(Math.min(...sentAfter), `${label}: no write sent after the backup's instant`).toBeGreaterThanOrEqual(
    k,
  );
  return { held: k, ackedBefore, total: writes.length };
}

describe("backup and restore of the embedded database", () => {
  it("backs up a serving database while it takes writes; a server on the restored copy serves the same", async () => {
    const source = await startServer({ env: { PUBLIC_FORM_RATE_LIMIT: "10000" } });
    servers.push(source);
    const token = await signIn(source.url);

    // One image, uploaded before the backup: it must come back with the database.
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "before-backup.jpg");
    const upload = await fetch(`${source.url}/api/uploads`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBe(201);
    const image = ((await upload.json()) as { data: { url: string } }).data.url;
    const imageBytes = Buffer.from(await (await fetch(`${source.url}${image}`)).arrayBuffer());
    expect(imageBytes.length).toBeGreaterThan(100);

    const [post] = (await (await fetch(`${source.url}/api/blog_details/`)).json()) as { id: number }[];
    const json = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const enquiries = writer((i) =>
      fetch(
        `${source.url}/api/contact_requests`,
        json({
          first_name: "Backup",
          last_name: `Writer ${i}`,
          email: `backup${i}@example.com`,
          message: `${ENQUIRY} ${i}`,
          privacy_consent: true,
        }),
      ),
    );
    const comments = writer((i) =>
      fetch(
        `${source.url}/api/blog_comments/`,
        json({
          blog_id: post!.id,
          name: `Backup ${i}`,
          email_id: `c${i}@example.com`,
          comment: `${COMMENT} ${i}`,
        }),
      ),
    );
    // /healthz, asked again and again by two pollers; each answer noted with when it was asked and came.
    const health: { sentAt: number; doneAt: number; status: number }[] = [];
    let polling = true;
    const poll = async () => {
      while (polling) {
        const sentAt = Date.now();
        const res = await fetch(`${source.url}/healthz`);
        await res.arrayBuffer();
        health.push({ sentAt, doneAt: Date.now(), status: res.status });
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const pollers = [poll(), poll()];
    await expect
      .poll(() => Math.min(enquiries.writes.length, comments.writes.length), { timeout: 30_000 })
      .toBeGreaterThan(10);

    backupFile = join(work, "site backup.tar.gz");
    const backup = await npmRun("db:backup", [backupFile], { DATA_DIR: source.dataDir });
    // The writers keep going a little after the backup, so the source moves past it.
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all([enquiries.stop(), comments.stop()]);
    polling = false;
    await Promise.all(pollers);

    expect(backup.code, own(backup.stderr)).toBe(0);
    expect(own(backup.stdout)).toMatch(
      /^Backup written to .*site backup\.tar\.gz: .*taken online by the server/,
    );
    const { manifest } = await readArchive(backupFile);
    expect(manifest).toMatchObject<Partial<BackupManifest>>({ engine: "pglite", taken: "online" });
    const instant = Date.parse(manifest.createdAt);
    expect(instant).toBeGreaterThan(backup.startedAt);
    expect(instant).toBeLessThan(backup.endedAt);

    // The server kept answering: every /healthz answer was 200, some of them while its database was
    // held still for the copy, and many while the backup command ran.
    expect(health.every((h) => h.status === 200)).toBe(true);
    const copyEnd = instant + manifest.queriesPausedMs;
    const duringCopy = health.filter((h) => h.sentAt >= instant && h.doneAt <= copyEnd);
    const duringBackup = health.filter((h) => h.sentAt >= backup.startedAt && h.doneAt <= backup.endedAt);
    expect(duringCopy.length, `answers during the ${manifest.queriesPausedMs} ms copy`).toBeGreaterThan(0);
    const slowest = Math.max(...duringBackup.map((h) => h.doneAt - h.sentAt));
    // For comparison: the same writes and pollers before the backup command started.
    const slowestBefore = Math.max(
      ...health.filter((h) => h.doneAt < backup.startedAt).map((h) => h.doneAt - h.sentAt),
    );
    const slowestWrite = Math.max(
      ...[...enquiries.writes, ...comments.writes]
        .filter((w) => w.sentAt >= backup.startedAt && w.sentAt <= backup.endedAt)
        .map((w) => w.ackedAt! - w.sentAt),
    );
    console.log(
      `backup: ${backup.endedAt - backup.startedAt} ms command, queries paused ${manifest.queriesPausedMs} ms; ` +
        `${duringBackup.length} /healthz answers during it (${duringCopy.length} during the copy), slowest ${slowest} ms (before it: ${slowestBefore} ms); ` +
        `slowest write during it ${slowestWrite} ms`,
    );
    expect(await source.stop()).toBe(0);

    // Restore into an empty DATA_DIR, then serve it.
    const restoredDir = join(work, "restored");
    const restore = await npmRun("db:restore", [backupFile], { DATA_DIR: restoredDir });
    expect(restore.code, own(restore.stderr)).toBe(0);
    expect(own(restore.stdout)).toMatch(/^Restored .* into .*restored\/pglite: \d+ posts, \d+ comments/);
    const restored = await startServer({ dataDir: restoredDir });
    servers.push(restored);
    expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
    await signIn(restored.url); // the operators came back (TEST_ADMIN is the restored one)
    const served = await fetch(`${restored.url}${image}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(imageBytes)).toBe(true);
    expect(await restored.stop()).toBe(0);

    const before = await writerIndexes(source.dataDir);
    const after = await writerIndexes(restoredDir);
    // The source holds every write (all were acknowledged); the copy holds those up to its instant.
    expect(before.enquiries.length).toBe(enquiries.writes.length);
    expect(before.comments.length).toBe(comments.writes.length);
    const e = checkInstant(after.enquiries, enquiries.writes, instant, "enquiries");
    const c = checkInstant(after.comments, comments.writes, instant, "comments");
    expect(after.counts).toEqual({
      ...before.counts,
      enquiries: before.counts.enquiries - (e.total - e.held),
      comments: before.counts.comments - (c.total - c.held),
    });
    expect(after.counts.images).toBeGreaterThanOrEqual(1);
    expect(after.counts.posts).toBeGreaterThan(0);
    console.log(
      `source: ${JSON.stringify(before.counts)}; restored: ${JSON.stringify(after.counts)}; ` +
        `enquiries ${e.ackedBefore} acknowledged before the instant, ${e.held} held, ${e.total} written; ` +
        `comments ${c.ackedBefore}/${c.held}/${c.total}`,
    );
  }, 300_000);

  it("refuses to restore into a non-empty DATA_DIR unless --force, with one line", async () => {
    expect(existsSync(backupFile), "the backup from the first test").toBe(true);
    const dataDir = join(work, "occupied");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "notes.txt"), "keep me");
    const refused = await npmRun("db:restore", [backupFile], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(own(refused.stderr)).toBe(
      `Refusing to restore: DATA_DIR ${dataDir} is not empty (notes.txt); restore into an empty directory, or add --force to replace its database.`,
    );
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);

    const forced = await npmRun("db:restore", [backupFile, "--force"], { DATA_DIR: dataDir });
    expect(forced.code, own(forced.stderr)).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(["notes.txt", "pglite"]);
  }, 120_000);

  it("keeps the replaced database until a server starts on the restored one; a restore cut off half-way refuses to start", async () => {
    expect(existsSync(backupFile), "the backup from the first test").toBe(true);
    const dataDir = join(work, "replaced");
    const current = join(dataDir, "pglite");
    const previous = join(dataDir, PREVIOUS_DATABASE);
    const restoreForce = async () => {
      const run = await npmRun("db:restore", [backupFile, "--force"], { DATA_DIR: dataDir });
      expect(run.code, own(run.stderr)).toBe(0);
      expect(existsSync(previous)).toBe(true);
    };
    // A restore into the empty directory, then one over it: the first copy is kept as pglite.previous.
    expect((await npmRun("db:restore", [backupFile], { DATA_DIR: dataDir })).code).toBe(0);
    await restoreForce();

    const normal = await startServer({ dataDir });
    servers.push(normal);
    await expect.poll(() => existsSync(previous)).toBe(false);
    expect(existsSync(join(current, RESTORED_MARKER))).toBe(false);
    expect(await normal.stop()).toBe(0);

    // The crash: the replaced database renamed aside, the checked copy not yet in its place.
    await restoreForce();
    mkdirSync(join(dataDir, ".restore-cut"));
    renameSync(current, join(dataDir, ".restore-cut", "pglite"));
    const refused = await startServer({ dataDir, waitReady: false });
    servers.push(refused);
    expect(await refused.exited, refused.output()).toBe(1);
    expect(refused.output()).toContain(
      `Refusing to start: there is no database at ${current}, and ${previous} holds the one a restore replaced`,
    );
    expect(refused.output()).toContain(`mv "${previous}" "${current}"`);
    expect(existsSync(current)).toBe(false);
    expect(existsSync(join(previous, "PG_VERSION"))).toBe(true);

    // What the message says to do brings the replaced database back.
    renameSync(previous, current);
    const recovered = await startServer({ dataDir });
    servers.push(recovered);
    expect((await fetch(`${recovered.url}/healthz`)).status).toBe(200);
    await signIn(recovered.url);
    expect(await recovered.stop()).toBe(0);
  }, 180_000);

  it("with DATABASE_URL set, points to pg_dump / pg_restore and changes nothing", async () => {
    const dataDir = join(work, "postgres-install");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "notes.txt"), "keep me");
    const file = join(work, "pg.dump");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "postgres://backup:secret@127.0.0.1:1/gcc" };

    const backup = await npmRun("db:backup", [file], env);
    expect(backup.code).not.toBe(0);
    expect(own(backup.stderr)).toContain(`pg_dump --format=custom --file=${file} "$DATABASE_URL"`);
    expect(own(backup.stderr)).not.toContain("secret");
    const restore = await npmRun("db:restore", [file], env);
    expect(restore.code).not.toBe(0);
    expect(own(restore.stderr)).toContain(
      `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
    );

    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
  }, 120_000);
});
