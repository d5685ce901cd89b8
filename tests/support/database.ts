import { createHash, randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "#db/client.ts";

/**
 * A new, migrated, empty database for one test file: an in-memory PGlite (in a temporary directory with
 * `onDisk`, which an online backup needs), or a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase({
  onDisk = false,
  embedded = false,
}: {
  onDisk?: boolean;
  /** PGlite even when TEST_DATABASE_URL is set: for a test that must hold on both engines in one run. */
  embedded?: boolean;
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (!serverUrl && onDisk) {
    const dir = mkdtempSync(join(tmpdir(), "gcc-test-db-"));
    const handle = await openDatabase({ kind: "pglite", dataDir: join(dir, "pglite") });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!serverUrl)
    return openDatabase({ kind: "pglite", dataDir: null, loadDataDir: await migratedTemplate() });

  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty embedded cluster as a tarball, built once per set of migrations and kept in the temporary
 * directory: loading it takes ~0.5 s where creating and migrating a cluster takes ~3 s, for every test file.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    if (/\.(sql|json)$/.test(file)) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  // The cluster's format is the engine's: a new PGlite version builds a new template.
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  hash.update(String(pkg.dependencies["@electric-sql/pglite"]));
  const dir = join(tmpdir(), "gcc-test-db-template");
  const file = join(dir, `${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    const blob = await handle.embedded!.dumpDataDir();
    await handle.close();
    mkdirSync(dir, { recursive: true });
    // Written aside then renamed: test files starting together never read a half-written template.
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await blob.arrayBuffer()));
    renameSync(part, file);
    return blob;
  }
}
