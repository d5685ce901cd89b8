import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  freePort,
  startServer,
  TEST_ADMIN,
  waitUntilReady,
  type RunningServer,
  type ServerOptions,
} from "../e2e/support/server";
import { serviceUrl } from "../support/services";

export { freePort, TEST_ADMIN };

/** The JWT_SECRET every spawned server uses (tests forge tokens with it, and with others). */
export const TEST_JWT_SECRET = "reliability-secret-that-is-long-enough-0123456789";

export type ServerProcess = RunningServer;

/** The built server (tests/e2e/support/server.ts) with this suite's secret and a limit no test reaches by accident. */
export function spawnServer(options: ServerOptions = {}): Promise<ServerProcess> {
  return startServer({
    ...options,
    dataDir: options.dataDir ?? mkdtempSync(join(tmpdir(), "gcc-rel-")),
    env: { JWT_SECRET: TEST_JWT_SECRET, PUBLIC_FORM_RATE_LIMIT: "10000", ...options.env },
  });
}

export { waitUntilReady as waitReady };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in KB (VmRSS). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function signIn(url: string, user = TEST_ADMIN): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const json = (body: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** A comment whose text carries its own checksum, so a torn (half-written) row is recognisable. */
export function checkedText(tag: string): string {
  const digest = createHash("sha256").update(tag).digest("hex").slice(0, 16);
  return `${tag}#${digest}`;
}
export function isIntact(text: string): boolean {
  const at = text.lastIndexOf("#");
  return at > 0 && checkedText(text.slice(0, at)) === text;
}

/** A fresh, empty database on the TEST_DATABASE_URL server; drop() removes it (forcing connections off). */
export async function createPgDatabase(
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const server = serviceUrl("TEST_DATABASE_URL");
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await adminQuery(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await adminQuery(server, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A TCP proxy between the server and PostgreSQL that can cut the link (close every connection and
 * refuse new ones) and restore it, without touching the PostgreSQL server other suites use.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((done, fail) => {
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => done());
    });
  await listen();
  return {
    port,
    connections: () => sockets.size / 2,
    /** The outage: every open connection is reset and new ones are refused. */
    async cut() {
      const closing = server;
      server = null;
      // close() waits for open connections: reset them first, or a pool that is never idle (the mail outbox
      // polls every second) keeps the link up forever.
      const closed = new Promise<void>((done) => (closing ? closing.close(() => done()) : done()));
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      await closed;
    },
    async restore() {
      if (!server) await listen();
    },
    async close() {
      await this.cut();
    },
  };
}

/** Debian's nginx as a child process with a generated configuration (in its own temp dir). */
export async function startNginx(httpBlock: (dir: string) => string, port: number) {
  const bin = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
  if (!existsSync(bin)) throw new Error(`nginx not found at ${bin} (apt-get install nginx)`);
  const dir = mkdtempSync(join(tmpdir(), "gcc-nginx-"));
  chmodSync(dir, 0o755);
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${httpBlock(dir)}
}
`,
  );
  let log = "";
  const child = spawn(bin, ["-c", join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => (log += c));
  child.stderr?.on("data", (c) => (log += c));
  const exited = new Promise((r) => child.once("exit", r));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not start: ${log}`);
      await sleep(100);
    }
  }
  return {
    url,
    errorLog: () => (existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""),
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Counts answers by status and network errors by code, for "zero failed requests" checks. */
export class Tally {
  statuses = new Map<number, number>();
  errors = new Map<string, number>();
  samples: string[] = [];
  ok = 0;
  add(status: number, what: string) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status < 400) this.ok++;
    else if (this.samples.length < 20) this.samples.push(`${status} ${what}`);
  }
  fail(error: unknown, what: string) {
    const code = errorCode(error);
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
    if (this.samples.length < 20) this.samples.push(`${code} ${what}`);
  }
  count(predicate: (status: number) => boolean) {
    let n = 0;
    for (const [status, c] of this.statuses) if (predicate(status)) n += c;
    return n;
  }
  get errorCount() {
    let n = 0;
    for (const c of this.errors.values()) n += c;
    return n;
  }
  summary() {
    return {
      statuses: Object.fromEntries(this.statuses),
      errors: Object.fromEntries(this.errors),
      samples: this.samples,
    };
  }
}

/** The innermost network error code of a failed fetch (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET…). */
export function errorCode(error: unknown): string {
  let e = error as { code?: string; cause?: unknown; message?: string } | undefined;
  let code = "";
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string") code = e.code;
    e = e.cause as typeof e;
  }
  return code || (error instanceof Error ? error.message : String(error));
}
