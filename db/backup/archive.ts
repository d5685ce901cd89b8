import { countDistinct } from "drizzle-orm";
import { pgSchema, serial, text } from "drizzle-orm/pg-core";
import { createHash } from "node:crypto";
import { createReadStream, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, open, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Database, type DatabaseHandle } from "../client";
import { compactErased, compactionPending } from "../compaction";
import { SCRATCH_PREFIXES } from "../data-dir-lock";
import { blogComments, blogPosts, contactRequests, mediaFiles, operators } from "../schema/index";
import { nextTurn, readPieces, tarTree } from "./files";
import { endOfArchive, memoryEntry, readTar } from "./tar";

/**
 * A backup of the embedded database is one .tar.gz: `manifest.json` first, then `pglite/`, a copy of the
 * PGlite (PostgreSQL) data directory taken at one instant. Media and site settings are rows of that
 * database, so they are in it; the JWT secret is not (docs/decisions/0009-online-backup.md).
 */

export const BACKUP_FORMAT = "gcc-view-360-backup";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(2),
  createdAt: z.string(),
  engine: z.literal("pglite"),
  postgresVersion: z.string(),
  migrations: z.number().int().min(0),
  taken: z.enum(["online", "offline"]),
  /** How long every query waited while the files were copied (the CHECKPOINT before it not included). */
  queriesPausedMs: z.number().min(0),
  files: z.number().int().min(0),
  bytes: z.number().int().min(0),
  /** SHA-256 of every file under `pglite/`, by path: a restore checks each before it uses the copy. */
  checksums: z.record(z.string(), sha256),
});
/** The manifest's most bytes: a path and a checksum are ~100 bytes, a large cluster has some thousand files. */
const MANIFEST_MAX_BYTES = 4 << 20;
export type BackupManifest = z.infer<typeof manifestSchema>;

// Drizzle's own record of the applied migrations (its default table), read to stamp the manifest.
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
});

/** How many migrations this version of the code has. */
export function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export interface Snapshot {
  /** The data directory at one instant, as tar entries in one file inside DATA_DIR; `discard()` removes it. */
  tarFile: string;
  manifest: BackupManifest;
  discard(): Promise<void>;
}

/**
 * Copies the open embedded database at one instant: after a CHECKPOINT, while no statement runs and no
 * transaction is open (queries wait for the copy, the event loop does not), into one scratch file. The
 * copy is what PostgreSQL would find after a power cut at that instant: every committed transaction,
 * none half-done. What was erased before that instant is in no file of it: the tables erasures changed
 * are compacted first (db/compaction.ts), and the copy takes only the log recovery reads (./wal.ts).
 */
export async function takeSnapshot(handle: DatabaseHandle, taken: "online" | "offline"): Promise<Snapshot> {
  for (let attempt = 1; ; attempt++) {
    await compactErased(handle.db);
    const snapshot = await copyAtOneInstant(handle, taken);
    // An erasure that committed between the compaction and the copy's instant: compact and copy again.
    if (attempt === 3 || !(await compactionPending(handle.db))) return snapshot;
    await snapshot.discard();
  }
}

async function copyAtOneInstant(handle: DatabaseHandle, taken: "online" | "offline"): Promise<Snapshot> {
  const dataDir = handle.embedded?.dataDir;
  if (!dataDir) throw new Error("only an embedded database on disk can be copied");
  const migrations = await handle.db.$count(appliedMigrations);
  const postgresVersion = (await readFile(join(dataDir, "PG_VERSION"), "utf8")).trim();
  const work = await mkdtemp(join(dirname(dataDir), SCRATCH_PREFIXES.backup));
  const tarFile = join(work, "pglite.tar");
  const discard = () => rm(work, { recursive: true, force: true });
  try {
    let createdAt = "";
    let paused = 0;
    const copied = await handle.embedded!.whileStill(async ({ wal }) => {
      // The instant the copy shows: every commit before it is in, none after it can happen until it ends.
      createdAt = new Date().toISOString();
      const started = performance.now();
      try {
        return await tarTree(dataDir, tarFile, wal);
      } finally {
        paused = performance.now() - started;
      }
    });
    // Hashed from the scratch copy once the queries run again, not while they wait.
    const checksums = await checksumsOf(tarFile);
    return {
      tarFile,
      discard,
      manifest: {
        format: BACKUP_FORMAT,
        version: 2,
        createdAt,
        engine: "pglite",
        postgresVersion,
        migrations,
        taken,
        queriesPausedMs: Math.round(paused),
        files: copied.files,
        bytes: copied.bytes,
        checksums,
      },
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** SHA-256 of each file in a tar of `pglite/` entries, by its path inside `pglite/`. */
async function checksumsOf(tarFile: string): Promise<Record<string, string>> {
  const checksums: Record<string, string> = {};
  // The scratch tar has no end marker of its own.
  async function* withEnd() {
    yield* createReadStream(tarFile) as AsyncIterable<Buffer>;
    yield endOfArchive();
  }
  for await (const entry of readTar(withEnd())) {
    if (entry.type !== "file") continue;
    const hash = createHash("sha256");
    for await (const chunk of entry.body) hash.update(chunk);
    checksums[entry.name.split("/").slice(1).join("/")] = hash.digest("hex");
  }
  return checksums;
}

/** The snapshot as a .tar.gz stream: the manifest, then `pglite/`. */
export function archiveStream(snapshot: Pick<Snapshot, "tarFile" | "manifest">): Readable {
  async function* entries() {
    yield* memoryEntry("manifest.json", Buffer.from(`${JSON.stringify(snapshot.manifest, null, 2)}\n`));
    // Each piece is read synchronously; the event loop gets a turn before the next one.
    for (const piece of readPieces(snapshot.tarFile, statSync(snapshot.tarFile).size)) {
      yield piece;
      await nextTurn();
    }
    yield endOfArchive();
  }
  // Level 3: the demo database's 42 MB pack to 6.4 MB in 0.3 s of a worker thread (level 6: 5.8 MB, 0.7 s).
  const gzip = createGzip({ level: 3 });
  // An error on either side reaches the reader of `gzip`; a reader that goes away stops the producer.
  pipeline(Readable.from(entries(), { highWaterMark: 1 }), gzip).catch(() => {});
  return gzip;
}

export interface ArchiveContents {
  manifest: BackupManifest;
  files: number;
  bytes: number;
}

/**
 * Reads a whole backup file, checking its structure (manifest first, a complete PostgreSQL data directory,
 * nothing outside `pglite/`, sizes as announced) and every file against its checksum. With `extractTo`,
 * also writes `pglite/` there (a scratch directory: a file that fails its check leaves it half written).
 */
export async function readArchive(file: string, extractTo?: string): Promise<ArchiveContents> {
  let manifest: BackupManifest | undefined;
  let files = 0;
  let bytes = 0;
  const seen = new Set<string>();
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const entry of readTar(source)) {
      if (!manifest) {
        if (entry.name !== "manifest.json" || entry.type !== "file" || entry.size > MANIFEST_MAX_BYTES)
          throw new Error("not a backup made by db:backup (no manifest)");
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch (error) {
          throw new Error("the backup's manifest is not readable", { cause: error });
        }
        const result = manifestSchema.safeParse(parsed);
        if (!result.success) throw new Error("not a backup this version can read (unknown manifest)");
        manifest = result.data;
        continue;
      }
      const parts = entry.name.split("/");
      if (parts[0] !== "pglite" || parts.some((p) => p === "" || p === "." || p === ".."))
        throw new Error(`the backup holds an unexpected entry: ${entry.name}`);
      const relative = parts.slice(1).join("/");
      seen.add(relative);
      const dest = extractTo ? join(extractTo, ...parts.slice(1)) : null;
      if (entry.type === "directory") {
        if (dest) await mkdir(dest, { recursive: true, mode: 0o700 });
        continue;
      }
      files++;
      bytes += entry.size;
      const expected = Object.hasOwn(manifest.checksums, relative) ? manifest.checksums[relative] : undefined;
      if (!expected) throw new Error(`the backup holds pglite/${relative}, which its manifest does not list`);
      const hash = createHash("sha256");
      const out = dest
        ? await mkdir(dirname(dest), { recursive: true, mode: 0o700 }).then(() => open(dest, "wx", 0o600))
        : null;
      try {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          await out?.write(chunk);
        }
      } finally {
        await out?.close();
      }
      if (hash.digest("hex") !== expected)
        throw new Error(
          `pglite/${relative} does not match its checksum: the backup file is damaged or altered`,
        );
    }
  } catch (error) {
    if (error instanceof Error && /incorrect header check|unexpected end of file/.test(error.message))
      throw new Error(`not a complete .tar.gz file (${error.message})`, { cause: error });
    throw error;
  } finally {
    source.destroy();
  }
  if (!manifest) throw new Error("the backup is empty");
  for (const required of ["PG_VERSION", "global/pg_control"])
    if (!seen.has(required)) throw new Error(`the backup lacks pglite/${required}: it is not a database`);
  const absent = Object.keys(manifest.checksums).filter((name) => !seen.has(name));
  if (absent.length > 0) throw new Error(`the backup lacks pglite/${absent[0]}, which its manifest lists`);
  if (files !== manifest.files || bytes !== manifest.bytes)
    throw new Error(
      `the backup holds ${files} files (${bytes} bytes); its manifest announces ${manifest.files} (${manifest.bytes})`,
    );
  return { manifest, files, bytes };
}

export interface ContentCounts {
  posts: number;
  comments: number;
  enquiries: number;
  images: number;
  mediaFiles: number;
  operators: number;
}

/** What an operator recognises a database by; printed after a backup or restore. */
export async function countContent(db: Database): Promise<ContentCounts> {
  const [images] = await db.select({ n: countDistinct(mediaFiles.id) }).from(mediaFiles);
  return {
    posts: await db.$count(blogPosts),
    comments: await db.$count(blogComments),
    enquiries: await db.$count(contactRequests),
    images: images?.n ?? 0,
    mediaFiles: await db.$count(mediaFiles),
    operators: await db.$count(operators),
  };
}

/**
 * Reads every row of every table (TOASTed values included), so a damaged page fails here, in the
 * scratch copy, rather than in the server after the swap.
 */
export async function readEveryTable(db: Database): Promise<number> {
  const tables = await db.execute<{ schema: string; name: string }>(
    sql`select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  const list = (tables as unknown as { rows?: { schema: string; name: string }[] }).rows ?? [];
  for (const { schema, name } of list) {
    try {
      await db.execute(
        sql`select count(*), sum(length(t::text)) from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      );
    } catch (error) {
      // Drizzle's own message is the query; the database's reason is its cause.
      const reason =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new Error(`the table ${schema}.${name} of the backup cannot be read (${reason})`, {
        cause: error,
      });
    }
  }
  return list.length;
}

export const describeCounts = (c: ContentCounts) =>
  `${c.posts} posts, ${c.comments} comments, ${c.enquiries} enquiries, ${c.images} images (${c.mediaFiles} files), ${c.operators} operators`;

export const formatBytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** What the database commands print when DATABASE_URL points at PostgreSQL. */
export function postgresAdvice(command: "backup" | "restore", file = "FILE"): string {
  const quoted = /^[\w./-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
  return command === "backup"
    ? [
        "DATABASE_URL is set: this install runs on PostgreSQL, which db:backup does not copy. Use pg_dump:",
        `  pg_dump --format=custom --file=${quoted} "$DATABASE_URL"`,
        "(media and settings are tables of that database, so the dump holds them; see docs/operations.md, Backups).",
      ].join("\n")
    : [
        "DATABASE_URL is set: this install runs on PostgreSQL, which db:restore does not write. Use pg_restore:",
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${quoted}`,
        "(into an empty database, drop --clean --if-exists; see docs/operations.md, Backups).",
      ].join("\n");
}
