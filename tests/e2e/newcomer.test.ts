import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stopGroup } from "#scripts/support/process.ts";
import { freePort } from "./support/server";

/** The README's first command, as a newcomer would copy it: the first line of its first bash block. */
function readmeFirstCommand(): string {
  const readme = readFileSync(resolve("README.md"), "utf8");
  const block = /```bash\n([^\n]+)/.exec(readme);
  if (!block) throw new Error("README.md has no bash block");
  return block[1]!.replace(/\s+#.*$/, "").trim();
}

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs a command the way a newcomer's shell does, with nothing in the environment but PATH, HOME and PORT. */
function runAsNewcomer(command: string, cwd: string, port: number): Run {
  const child = spawn("sh", ["-c", command], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
    // Its own process group, so the test can stop npm and everything it started.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  return {
    child,
    output: () => log,
    exited: new Promise((done) => child.once("exit", (code) => done(code))),
  };
}

/** Stops npm and everything it started, and waits until none of them is left (the data dir is free again). */
async function stop(run: Run) {
  if (!(await stopGroup(run.child.pid!))) process.kill(-run.child.pid!, "SIGKILL");
  await run.exited;
}

/** Waits for the home page to answer 200 on localhost, as the README promises. */
async function waitForHome(run: Run, port: number, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`the command stopped early:\n${run.output()}`);
    try {
      const res = await fetch(`http://localhost:${port}/`);
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no home page within ${timeoutMs / 1000} s:\n${run.output()}`);
}

async function signIn(port: number, username: string, password: string) {
  return fetch(`http://localhost:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

describe("a newcomer's first run (README)", () => {
  const clone = mkdtempSync(join(tmpdir(), "gcc-newcomer-"));
  const runs: Run[] = [];
  afterAll(async () => {
    await Promise.all(runs.map(stop));
    rmSync(clone, { recursive: true, force: true });
  });

  it(
    "on a fresh clone with an empty environment, the first command serves the site and the printed password signs in",
    async () => {
      const cloned = spawnSync("git", ["clone", "--quiet", "--no-hardlinks", resolve("."), clone], {
        encoding: "utf8",
      });
      expect(cloned.status, cloned.stderr).toBe(0);
      const command = readmeFirstCommand();
      expect(command).toContain("npm start");

      const port = await freePort();
      const first = runAsNewcomer(command, clone, port);
      runs.push(first);
      const home = await waitForHome(first, port, 8 * 60_000);
      expect(await home.text()).toContain("Global Capability");

      const printed = /First operator created: username "([^"]+)", password "([^"]+)"/.exec(first.output());
      expect(printed, first.output()).not.toBeNull();
      const [, username, password] = printed!;
      const session = await signIn(port, username!, password!);
      expect(session.status).toBe(200);
      expect(((await session.json()) as { access_token: string }).access_token).toMatch(/^ey/);

      // The embedded install kept its own secret, readable by its owner only.
      const secret = join(clone, "data", "jwt-secret");
      expect(existsSync(secret)).toBe(true);
      expect(statSync(secret).mode & 0o777).toBe(0o600);

      // A second start serves the current build without rebuilding it, and the password is printed only once.
      await stop(first);
      const second = runAsNewcomer("npm start", clone, port);
      runs.push(second);
      await waitForHome(second, port, 60_000);
      expect(second.output()).toContain("is current; serving it");
      expect(second.output()).not.toContain("Server compiled to");
      expect(second.output()).not.toContain("First operator created");
      expect((await signIn(port, username!, password!)).status).toBe(200);
      await stop(second);
    },
    10 * 60_000,
  );
});
