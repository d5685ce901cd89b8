import type { PGlite } from "@electric-sql/pglite";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The one database type every service takes, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** True when this call created the database (a new embedded cluster). */
  created: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool: open, busy and requests waiting for one (none for PGlite). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded engine only: what an online backup needs (db/backup). */
  embedded?: EmbeddedAccess;
}

export interface EmbeddedAccess {
  /** The cluster's directory on disk; null for an in-memory database. */
  dataDir: string | null;
  /**
   * Runs `fn` after a CHECKPOINT, at a moment when no statement runs and no transaction is open, and keeps
   * it so until `fn` settles: the files in `dataDir` hold still. Every query waits meanwhile, so `fn` must
   * be short and must not query this database itself (it would wait for itself).
   */
  whileStill<T>(fn: (state: StillState) => Promise<T>): Promise<T>;
  /** The whole cluster as a tarball that `loadDataDir` opens again (tests start from a migrated one). */
  dumpDataDir(): Promise<Blob>;
}

export interface StillState {
  wal: WalRange;
}

/**
 * The write-ahead log that recovery from this instant reads: from the last checkpoint's redo point to the
 * current insert position (byte positions in the log), in the segments (file names in pg_wal/) `first` to
 * `last`. Other segments there are recycled ones waiting to be reused, or old ones; they, and the bytes of
 * these outside the range, hold older records, which a copy leaves out (db/backup/wal.ts).
 */
export interface WalRange {
  first: string;
  last: string;
  redo: number;
  insert: number;
  segmentBytes: number;
  pageBytes: number;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null /* null = in memory */; loadDataDir?: Blob };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * PostgreSQL's 128 MB default buffer pool lives in PGlite's WebAssembly memory, all of it resident; the
 * operating system already caches the data files, so 16 MB costs no measurable query time and saves
 * ~140 MB per process and ~0.4 s of start-up (docs/performance.md, "Memory").
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB"];

// Serialises concurrent migrations from several instances starting on one PostgreSQL.
const MIGRATION_LOCK_ID = 7_360_360;

export async function openDatabase(
  target: DatabaseTarget,
  options: { onCreate?: (db: Database) => Promise<void> } = {},
): Promise<DatabaseHandle> {
  return target.kind === "postgres" ? openPostgres(target.url, target.poolSize) : openPglite(target, options);
}

/** How long a query may wait for a connection of a busy pool (each statement is limited to 15 s anyway). */
export const POOL_WAIT_MS = 15_000;
/** How long opening a connection to PostgreSQL may take. */
export const CONNECT_TIMEOUT_MS = 1500;

/** pg.Pool applies one timeout to waiting in its queue and to connecting; this client has its own for the latter. */
class ConnectingClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // An unreachable database fails a request within ~1.5 s (answered 503), instead of hanging it: the
    // connection attempt's own limit (ConnectingClient). A busy pool is not an unreachable database, so a
    // request queued behind others waits for a free connection up to POOL_WAIT_MS.
    Client: ConnectingClient,
    connectionTimeoutMillis: POOL_WAIT_MS,
    // Nothing the app runs takes long; a statement stuck behind a lock or a dead link is given up.
    statement_timeout: 15_000,
    query_timeout: 20_000,
    idle_in_transaction_session_timeout: 30_000,
    keepAlive: true,
  });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  // Migrations get their own connection without the request timeouts: waiting for another instance's
  // lock or building an index on a big table may take longer than any request should.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query("create extension if not exists pg_trgm");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
  return {
    db,
    engine: "postgres",
    created: false,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Whether an embedded cluster has been created in `dataDir` (PGlite writes PG_VERSION when it closes one). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(join(dataDir, "PG_VERSION"));
}

async function openPglite(
  target: Extract<DatabaseTarget, { kind: "pglite" }>,
  options: { onCreate?: (db: Database) => Promise<void> },
): Promise<DatabaseHandle> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const create = (dataDir?: string) => createPglite(dataDir, target.loadDataDir);
  const wrap = (client: PGlite) => drizzlePglite(client, { schema }) as unknown as Database;
  const prepare = async (client: PGlite) => {
    await client.exec("create extension if not exists pg_trgm");
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  };

  if (target.dataDir === null) {
    const client = await create();
    await prepare(client);
    const db = wrap(client);
    await options.onCreate?.(db);
    return pgliteHandle(client, db, true, null);
  }

  const dir = target.dataDir;
  const created = !embeddedDatabaseExists(dir);
  if (created) {
    // A new cluster only reaches the disk when it is closed: build it, fill it, close it, then reopen.
    mkdirSync(dir, { recursive: true });
    const fresh = await create(dir);
    await prepare(fresh);
    await options.onCreate?.(wrap(fresh));
    await fresh.close();
  }
  const client = await create(dir);
  await prepare(client);
  return pgliteHandle(client, wrap(client), created, dir);
}

/**
 * Opens an existing embedded cluster as it is: no migrations, nothing created (an offline backup must not
 * change what it copies). Fails when `dataDir` holds no cluster.
 */
export async function openEmbeddedAsIs(dataDir: string): Promise<DatabaseHandle> {
  if (!embeddedDatabaseExists(dataDir)) throw new Error(`no embedded database in ${dataDir}`);
  const [client, { drizzle: drizzlePglite }] = await Promise.all([
    createPglite(dataDir),
    import("drizzle-orm/pglite"),
  ]);
  return pgliteHandle(client, drizzlePglite(client, { schema }) as unknown as Database, false, dataDir);
}

async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  // Loaded only for the embedded engine: a server on PostgreSQL is ~6 MB smaller without them.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
}

function pgliteHandle(
  client: PGlite,
  db: Database,
  created: boolean,
  dataDir: string | null,
): DatabaseHandle {
  return {
    db,
    engine: "pglite",
    created,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    embedded: {
      dataDir,
      dumpDataDir: async () => client.dumpDataDir("none"),
      async whileStill(fn) {
        await client.exec("checkpoint");
        // Every statement PGlite runs (query, exec, transaction) first takes its transaction lock, which
        // this transaction holds until `fn` settles; its statement lock is taken too, as close() does.
        // PGlite has no background writer or checkpointer, so nothing else touches the files meanwhile.
        return client.transaction(async (tx) => {
          const { rows } = await tx.query<Record<keyof WalRange, string>>(
            `select (pg_control_checkpoint()).redo_wal_file as first,
              pg_walfile_name(pg_current_wal_insert_lsn()) as last,
              ((pg_control_checkpoint()).redo_lsn - '0/0')::text as redo,
              (pg_current_wal_insert_lsn() - '0/0')::text as insert,
              (select setting from pg_settings where name = 'wal_segment_size') as "segmentBytes",
              current_setting('wal_block_size') as "pageBytes"`,
          );
          const row = rows[0]!;
          const wal: WalRange = {
            first: row.first,
            last: row.last,
            redo: Number(row.redo),
            insert: Number(row.insert),
            segmentBytes: Number(row.segmentBytes),
            pageBytes: Number(row.pageBytes),
          };
          return client.runExclusive(() => fn({ wal }));
        });
      },
    },
  };
}
