import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server itself: one `node` process, so kill -9 and /proc/<pid> are the server's. */
  process: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
  waitReady?: boolean;
}

/** The compiled server that `npm start` and `npm run serve` run (scripts/build.js writes it). */
export const serverEntry = () => resolve(process.env.BUILD_DIR ?? "build", "node", "main.js");

/**
 * The environment settings and node flags of `npm run serve` (package.json), so tests run the process we
 * ship, as one `node` process that kill -9 and /proc/<pid> reach directly.
 */
export function serveSettings(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = (JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { scripts: { serve: string } })
    .scripts.serve;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; /^[A-Z_]+=/.test(words[i] ?? ""); i++) {
    const [name, value] = words[i]!.split("=") as [string, string];
    env[name] = value;
  }
  if (words[i] === "exec") i++;
  if (words[i] !== "node") throw new Error(`npm run serve does not start node: ${script}`);
  const nodeArgs: string[] = [];
  for (i++; words[i]?.startsWith("--"); i++) nodeArgs.push(words[i]!);
  return { env, nodeArgs };
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export const TEST_ADMIN = { username: "admin", password: "e2e-admin-password-123" };
/** The e2e server's signing key, so a test can hand the browser an access token that has expired. */
export const TEST_JWT_SECRET = "e2e-secret-that-is-long-enough-0123456789";

/** The environment of a test server: `npm run serve`'s, on `port` and `dataDir`, with `env` added. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    ...serveSettings().env,
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "warn",
    PUBLIC_FORM_RATE_LIMIT: "1000",
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    ...env,
  };
}

/** Starts the built server as a real process on a free port with its own DATA_DIR, and waits until it is ready. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "gcc-e2e-"));
  const serve = serveSettings();
  const child = spawn(process.execPath, [...serve.nodeArgs, serverEntry()], {
    env: serverEnv(port, dataDir, options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last 200 KB of output: enough to explain a failure, bounded for a five-minute soak.
  let log = "";
  child.stdout?.on("data", (chunk) => (log = (log + chunk).slice(-200_000)));
  child.stderr?.on("data", (chunk) => (log = (log + chunk).slice(-200_000)));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    port,
    dataDir,
    process: child,
    pid: child.pid!,
    output: () => log,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitReady !== false) await waitUntilReady(server);
  return server;
}

export async function waitUntilReady(
  server: Pick<RunningServer, "url" | "process" | "output">,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`server exited early:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}
