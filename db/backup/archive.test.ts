import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { BACKUP_FORMAT, postgresAdvice, readArchive, type BackupManifest } from "./archive";
import { encodeHeader, endOfArchive, memoryEntry } from "./tar";

const root = mkdtempSync(join(tmpdir(), "gcc-archive-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = promisify(execFile);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const manifest = (change: Partial<BackupManifest> = {}): BackupManifest => ({
  format: BACKUP_FORMAT,
  version: 2,
  createdAt: new Date(0).toISOString(),
  engine: "pglite",
  postgresVersion: "18",
  migrations: 6,
  taken: "online",
  queriesPausedMs: 1,
  files: 2,
  bytes: 3 + 5,
  checksums: { PG_VERSION: sha256("18\n"), "global/pg_control": sha256("ctrl!") },
  ...change,
});

const dir = (name: string) => [encodeHeader({ name, type: "directory", size: 0, mode: 0o700, mtime: 0 })];

/** Writes a .tar.gz of these entries and answers its path. */
let n = 0;
function archive(entries: Buffer[][], { gzip = true, cut = 0 } = {}): string {
  let bytes = Buffer.concat([...entries.flat(), endOfArchive()]);
  if (gzip) bytes = gzipSync(bytes);
  if (cut) bytes = bytes.subarray(0, bytes.length - cut);
  const file = join(root, `a${++n}.tar.gz`);
  writeFileSync(file, bytes);
  return file;
}

const cluster = () => [
  dir("pglite"),
  [...memoryEntry("pglite/PG_VERSION", Buffer.from("18\n"))],
  dir("pglite/global"),
  [...memoryEntry("pglite/global/pg_control", Buffer.from("ctrl!"))],
];
const withManifest = (m: BackupManifest, ...rest: Buffer[][]) => [
  [...memoryEntry("manifest.json", Buffer.from(JSON.stringify(m)))],
  ...rest,
];

describe("reading a backup file", () => {
  it("reads a well-formed one, and unpacks pglite/ where asked", async () => {
    const file = archive(withManifest(manifest(), ...cluster()));
    expect(await readArchive(file)).toEqual({ manifest: manifest(), files: 2, bytes: 8 });
    const target = join(root, "unpacked");
    await readArchive(file, target);
    expect(existsSync(join(target, "global", "pg_control"))).toBe(true);
  });

  it("refuses what is not a complete backup, and writes nothing outside the target", async () => {
    const refusals: [string, string | RegExp][] = [
      [archive(cluster()), "not a backup made by db:backup (no manifest)"],
      [archive(withManifest({ ...manifest(), format: "other" } as never, ...cluster())), /unknown manifest/],
      [archive(withManifest(manifest({ files: 3 }), ...cluster())), /announces 3/],
      [
        archive(withManifest(manifest(), dir("pglite"))),
        "the backup lacks pglite/PG_VERSION: it is not a database",
      ],
      [archive(withManifest(manifest(), ...cluster()), { gzip: false }), /not a complete \.tar\.gz file/],
      [archive(withManifest(manifest(), ...cluster()), { cut: 20 }), /not a complete \.tar\.gz file/],
    ];
    const altered = [
      dir("pglite"),
      [...memoryEntry("pglite/PG_VERSION", Buffer.from("18\n"))],
      dir("pglite/global"),
      [...memoryEntry("pglite/global/pg_control", Buffer.from("ctrl?"))],
    ];
    refusals.push(
      [
        archive(withManifest(manifest(), ...altered)),
        "pglite/global/pg_control does not match its checksum: the backup file is damaged or altered",
      ],
      [
        archive(withManifest(manifest(), ...cluster(), [...memoryEntry("pglite/extra", Buffer.from(""))])),
        "the backup holds pglite/extra, which its manifest does not list",
      ],
      [
        archive(
          withManifest(manifest({ checksums: { ...manifest().checksums, gone: sha256("") } }), ...cluster()),
        ),
        "the backup lacks pglite/gone, which its manifest lists",
      ],
    );
    for (const [file, message] of refusals)
      await expect(readArchive(file), String(message)).rejects.toThrow(message);

    const escape = archive(
      withManifest(manifest(), ...cluster(), [...memoryEntry("pglite/../../escaped", Buffer.from("x"))]),
    );
    const target = join(root, "inside", "pglite");
    await expect(readArchive(escape, target)).rejects.toThrow(
      "the backup holds an unexpected entry: pglite/../../escaped",
    );
    expect(existsSync(join(root, "escaped"))).toBe(false);
  });
});

describe("PostgreSQL advice", () => {
  it("names the pg_dump and pg_restore commands, the file name quoted for the shell", () => {
    expect(postgresAdvice("backup", "/backups/nightly.dump")).toContain(
      'pg_dump --format=custom --file=/backups/nightly.dump "$DATABASE_URL"',
    );
    expect(postgresAdvice("restore", "it's here.dump")).toContain(
      `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" 'it'\\''s here.dump'`,
    );
  });

  // What an operator sees: `npm run db:backup` / `db:restore` (tsx, as npm runs them) with a PostgreSQL
  // DATABASE_URL that carries a password. Everything either command prints must leave the secrets out.
  it.each(["backup", "restore"] as const)(
    "db:%s with a secret-bearing DATABASE_URL prints the advice without the connection string's secrets",
    async (command) => {
      const result = await runCli(`db/cli/${command}.ts`, ["/backups/nightly.dump"], {
        DATABASE_URL: "postgres://app:s3cret-pass@db.internal:5432/prod",
      });
      expect(result.code, result.output).toBe(1);
      expect(result.output).toContain(command === "backup" ? "pg_dump" : "pg_restore");
      expect(result.output).toContain('"$DATABASE_URL"');
      expect(result.output).not.toMatch(/s3cret-pass|db\.internal/);
    },
    60_000,
  );
});

/** Runs a CLI script as npm does (tsx) with `env` added; answers its exit code and stdout + stderr. */
async function runCli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(join("node_modules", ".bin", "tsx"), [script, ...args], {
      env: { ...process.env, ...env },
      timeout: 50_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}
