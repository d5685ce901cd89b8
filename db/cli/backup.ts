import { createWriteStream, existsSync, statSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import {
  archiveStream,
  countContent,
  describeCounts,
  formatBytes,
  postgresAdvice,
  readArchive,
  takeSnapshot,
  type ArchiveContents,
} from "../backup/archive";
import { embeddedDatabaseExists, openEmbeddedAsIs } from "../client";
import { DataDirBusyError, liveHolder, type DataDirHolder } from "../data-dir-lock";
import { databaseTargetFromEnv } from "../settings";
import { askServer, claimForCommand, fail, readyServer, refusal } from "./data-dir-access";

// Usage: npm run db:backup -- FILE
// While the server runs on this DATA_DIR it takes the backup (the database stays its own); otherwise this
// command opens the database itself. Either way FILE is one .tar.gz (docs/operations.md, Backups).
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) fail("Usage: npm run db:backup -- FILE   (FILE: where to write the .tar.gz)");
const file = resolve(positionals[0]!);

const target = databaseTargetFromEnv();
if (target.kind === "postgres") fail(postgresAdvice("backup", positionals[0]));
if (target.kind !== "pglite" || !target.dataDir) throw new Error("unreachable");
const pgliteDir = target.dataDir;
const dataDir = resolve(pgliteDir, "..");
if (existsSync(file) && statSync(file).isDirectory()) fail(`${file} is a directory; name the file to write.`);

const started = performance.now();
const partial = `${file}.partial`;

/** Asks the running server for the backup, over loopback, with the key it wrote to server.json. */
async function online(holder: DataDirHolder): Promise<string> {
  const server = await readyServer(dataDir, holder);
  if (!server) return offlineOrBusy();
  const res = await askServer(server, "/api/backup", { method: "POST" });
  if (res.status !== 200 || !res.body)
    return fail(`The server refused the backup (${res.status}): ${await refusal(res)}`);
  await pipeline(
    Readable.fromWeb(res.body as ReadableStream<Uint8Array>),
    createWriteStream(partial, { mode: 0o600 }),
  );
  return `taken online by the server (pid ${server.pid})`;
}

/** No server: this process holds DATA_DIR (so none starts meanwhile) and copies the database itself. */
async function offline(): Promise<string> {
  if (!embeddedDatabaseExists(pgliteDir)) fail(`There is no embedded database in ${pgliteDir} to back up.`);
  const claim = claimForCommand(dataDir, "backup");
  try {
    const handle = await openEmbeddedAsIs(pgliteDir);
    let counts;
    let snapshot;
    try {
      counts = await countContent(handle.db);
      snapshot = await takeSnapshot(handle, "offline");
    } finally {
      await handle.close();
    }
    try {
      await pipeline(archiveStream(snapshot), createWriteStream(partial, { mode: 0o600 }));
    } finally {
      await snapshot.discard();
    }
    return `taken offline (no server was running): ${describeCounts(counts)}`;
  } finally {
    claim.release();
  }
}

async function offlineOrBusy(): Promise<string> {
  const holder = liveHolder(dataDir);
  if (!holder) return offline();
  if (holder.role === "server") return online(holder);
  return fail(new DataDirBusyError(dataDir, holder).message);
}

let how: string;
let contents: ArchiveContents;
try {
  how = await offlineOrBusy();
  // Read back before it takes the final name: a backup that cannot be read is no backup.
  contents = await readArchive(partial);
  await rename(partial, file);
} catch (error) {
  await rm(partial, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
const { manifest } = contents;
const size = statSync(file).size;
const pause =
  manifest.taken === "online"
    ? `queries waited ${manifest.queriesPausedMs} ms for the copy`
    : `the copy took ${manifest.queriesPausedMs} ms`;
console.log(
  `Backup written to ${file}: ${formatBytes(size)} (${manifest.files} files, ${formatBytes(manifest.bytes)} unpacked), ` +
    `${manifest.migrations} migrations, ${how}; ${pause}; ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
);
