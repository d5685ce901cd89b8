import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  countContent,
  describeCounts,
  knownMigrations,
  postgresAdvice,
  readArchive,
  readEveryTable,
  type ArchiveContents,
  type ContentCounts,
} from "../backup/archive";
import { markRestored, PREVIOUS_DATABASE } from "../backup/previous";
import { openDatabase } from "../client";
import { claimDataDir, DataDirBusyError, HOLDER_FILE, liveHolder, SCRATCH_PREFIXES } from "../data-dir-lock";
import { databaseTargetFromEnv } from "../settings";

// Usage: npm run db:restore -- FILE [--force]
// Writes the database in FILE (made by db:backup) into DATA_DIR/pglite, which the next `npm start` serves.
// DATA_DIR must be empty; --force replaces the database of a non-empty one (the server must be stopped).
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (positionals.length !== 1) fail("Usage: npm run db:restore -- FILE [--force]");
const file = resolve(positionals[0]!);

const target = databaseTargetFromEnv();
if (target.kind === "postgres") fail(postgresAdvice("restore", positionals[0]));
if (target.kind !== "pglite" || !target.dataDir) throw new Error("unreachable");
const pgliteDir = target.dataDir;
const dataDir = resolve(pgliteDir, "..");

if (!existsSync(file) || !statSync(file).isFile()) fail(`No backup file at ${file}.`);
const holder = liveHolder(dataDir);
if (holder) fail(new DataDirBusyError(dataDir, holder).message);
// A new volume holds lost+found; a holder file whose process is gone (checked above) is no content.
const present = existsSync(dataDir)
  ? readdirSync(dataDir).filter((name) => name !== "lost+found" && name !== HOLDER_FILE)
  : [];
if (present.length > 0 && !values.force)
  fail(
    `Refusing to restore: DATA_DIR ${dataDir} is not empty (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}); ` +
      "restore into an empty directory, or add --force to replace its database.",
  );

const previous = join(dataDir, PREVIOUS_DATABASE);
if (existsSync(previous))
  fail(
    `Refusing to restore: ${previous} holds the database an earlier restore replaced, and no server has started since. ` +
      "Start the server once on the restored database (it removes that copy then), or move it back to pglite if the restored one is wrong.",
  );

const started = performance.now();
let claim;
try {
  claim = claimDataDir(dataDir, "restore");
} catch (error) {
  if (error instanceof DataDirBusyError) fail(error.message);
  throw error;
}
process.once("exit", () => claim.release());

const work = await mkdtemp(join(dataDir, SCRATCH_PREFIXES.restore));

async function restore(): Promise<{ contents: ArchiveContents; counts: ContentCounts; migrated: number }> {
  // Unpacked beside the live path first: a damaged file leaves DATA_DIR as it was.
  const staged = join(work, "pglite");
  const contents = await readArchive(file, staged);
  const known = knownMigrations();
  if (contents.manifest.migrations > known)
    throw new Error(
      `the backup was made by a newer version of the app (${contents.manifest.migrations} migrations; this one has ${known}); update the code first`,
    );
  // Opened once, as the server would open it (an older backup gets the newer migrations), read and counted.
  const handle = await openDatabase({ kind: "pglite", dataDir: staged });
  let counts: ContentCounts;
  try {
    await readEveryTable(handle.db);
    counts = await countContent(handle.db);
  } finally {
    await handle.close();
  }
  // The swap: the old database (--force) is kept beside it until a server has started on the new one, which
  // the marker names (db/backup/previous.ts); a crash between the renames leaves no pglite, and a start refuses.
  await markRestored(staged, file);
  if (existsSync(pgliteDir)) await rename(pgliteDir, previous);
  await rename(staged, pgliteDir);
  return { contents, counts, migrated: known - contents.manifest.migrations };
}

let result: Awaited<ReturnType<typeof restore>> | undefined;
let failure = "";
try {
  result = await restore();
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  await rm(work, { recursive: true, force: true });
  claim.release();
}
if (!result) fail(`Restore failed; DATA_DIR is as it was: ${failure}`);

const { contents, counts, migrated } = result;
console.log(
  `Restored ${file} (taken ${contents.manifest.taken} at ${contents.manifest.createdAt}) into ${pgliteDir}: ` +
    `${describeCounts(counts)}${migrated > 0 ? `; applied ${migrated} newer migrations` : ""}; ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
if (!process.env.JWT_SECRET && !existsSync(join(dataDir, "jwt-secret")))
  console.log(
    "The backup holds no JWT secret: the server makes a new one at its next start, so operators sign in again.",
  );
if (existsSync(previous))
  console.log(
    `The replaced database is kept in ${previous} until the server has started on the restored one.`,
  );
console.log("Start the server with: npm start");
