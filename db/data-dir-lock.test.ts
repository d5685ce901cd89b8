import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  claimDataDir,
  DataDirBusyError,
  HOLDER_FILE,
  isAlive,
  liveHolder,
  readHolder,
  SCRATCH_PREFIXES,
  type DataDirHolder,
} from "./data-dir-lock";

const root = mkdtempSync(join(tmpdir(), "gcc-lock-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
const freshDir = () => join(root, `data-${++n}`);

/** Another live process (a node that waits), to stand for a server holding the directory. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child;
}

/**
 * A process that has exited but is not reaped (a zombie, state Z), as a server killed with -9 stays in a
 * container whose first process does not reap: its parent, a shell that became `sleep` before the child
 * ended, never waits for it.
 */
async function zombie(): Promise<number> {
  const parent = spawn("sh", ["-c", "sleep 0.2 & echo $!; exec sleep 60"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(parent);
  const pid = Number(
    await new Promise((resolve) => parent.stdout!.once("data", (line) => resolve(String(line)))),
  );
  for (let i = 0; i < 200 && procStat(pid)[0] !== "Z"; i++) await new Promise((r) => setTimeout(r, 10));
  expect(procStat(pid)[0]).toBe("Z");
  return pid;
}

/** The fields of /proc/PID/stat after the command name: state first, start time 20th. */
const procStat = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
};

const writeHolder = (dir: string, holder: Partial<DataDirHolder>) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, HOLDER_FILE), JSON.stringify({ role: "server", startedAt: "", ...holder }));
};

describe("DATA_DIR/server.json", () => {
  it("is created private, names this process, takes the address, and goes on release", () => {
    const dir = freshDir();
    const claim = claimDataDir(dir, "server");
    const file = join(dir, HOLDER_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, role: "server" });
    claim.update({ url: "http://127.0.0.1:1234", localKey: "k" });
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, url: "http://127.0.0.1:1234", localKey: "k" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    claim.release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a second claimant while a live process holds it, naming that process", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    writeHolder(dir, { pid: other.pid!, role: "server" });
    expect(liveHolder(dir)?.pid).toBe(other.pid);
    expect(() => claimDataDir(dir, "backup")).toThrow(DataDirBusyError);
    expect(() => claimDataDir(dir, "backup")).toThrow(
      `DATA_DIR ${dir} is in use by the server (pid ${other.pid}); stop it and try again.`,
    );
    expect(readHolder(dir)?.pid).toBe(other.pid);
  });

  it("takes over a file left by a process that is gone, or by one whose pid was reused", async () => {
    const gone = await otherProcess();
    gone.kill("SIGKILL");
    await new Promise((resolve) => gone.once("exit", resolve));
    const dir = freshDir();
    writeHolder(dir, { pid: gone.pid!, role: "backup" });
    expect(isAlive(readHolder(dir)!)).toBe(false);
    claimDataDir(dir, "server").release();

    // A live process with the recorded pid but another start time is not the one that wrote the file.
    const other = await otherProcess();
    writeHolder(dir, { pid: other.pid!, processStart: "1" });
    expect(isAlive(readHolder(dir)!)).toBe(false);
    const claim = claimDataDir(dir, "restore");
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, role: "restore" });
    claim.release();
  });

  it("takes over a file left by a server that was killed and is not reaped yet (a zombie)", async () => {
    const pid = await zombie();
    const dir = freshDir();
    writeHolder(dir, { pid, role: "server", processStart: procStat(pid)[19] });
    expect(isAlive(readHolder(dir)!)).toBe(false);
    expect(liveHolder(dir)).toBeNull();
    const claim = claimDataDir(dir, "server");
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, role: "server" });
    claim.release();
  });

  it("removes the scratch directories an interrupted backup or restore left", () => {
    const dir = freshDir();
    for (const prefix of Object.values(SCRATCH_PREFIXES))
      mkdirSync(join(dir, `${prefix}abc`, "pglite"), { recursive: true });
    mkdirSync(join(dir, "pglite"));
    claimDataDir(dir, "server").release();
    expect(existsSync(join(dir, `${SCRATCH_PREFIXES.backup}abc`))).toBe(false);
    expect(existsSync(join(dir, `${SCRATCH_PREFIXES.restore}abc`))).toBe(false);
    expect(existsSync(join(dir, "pglite"))).toBe(true);
  });

  it("release leaves a file another process has written since", () => {
    const dir = freshDir();
    const claim = claimDataDir(dir, "server");
    writeHolder(dir, { pid: 1, role: "server" });
    claim.release();
    expect(JSON.parse(readFileSync(join(dir, HOLDER_FILE), "utf8")).pid).toBe(1);
  });
});
