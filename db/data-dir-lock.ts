import { randomBytes } from "node:crypto";
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";

/**
 * PGlite is PostgreSQL in one process, without PostgreSQL's lock file: two processes that open one data
 * directory corrupt it. `DATA_DIR/server.json` (mode 0600) names the one process that has it open: the
 * server (with the address and the local key the commands use to ask it), or an offline command
 * (`db:backup`, `db:restore`, `db:migrate`, `db:seed`, `operator`). Whoever starts while a live process holds it stops with one line.
 * The file is created atomically (a complete file is hard-linked into place, which fails if one exists);
 * a file left by a process that died (kill -9, power cut) is taken over.
 */

export type HolderRole = "server" | "backup" | "restore" | "migrate" | "seed" | "operator";

/** The command each holder runs, as a person would type it. */
const COMMANDS: Record<Exclude<HolderRole, "server">, string> = {
  backup: "npm run db:backup",
  restore: "npm run db:restore",
  migrate: "npm run db:migrate",
  seed: "npm run db:seed",
  operator: "npm run operator",
};

export interface DataDirHolder {
  pid: number;
  role: HolderRole;
  startedAt: string;
  /** Linux: the process's start time (clock ticks after boot), so a reused pid is not taken for it. */
  processStart?: string;
  /** The server, once it listens: where to reach it, and the key its POST /api/backup accepts from here. */
  url?: string;
  localKey?: string;
}

export const HOLDER_FILE = "server.json";
/** Scratch directories a backup or a restore makes inside DATA_DIR while it holds it (and then removes). */
export const SCRATCH_PREFIXES = { backup: ".backup-", restore: ".restore-" } as const;

const describe = (h: DataDirHolder) =>
  h.role === "server" ? `the server (pid ${h.pid})` : `${COMMANDS[h.role] ?? h.role} (pid ${h.pid})`;

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by ${describe(holder)}; ${holder.role === "server" ? "stop it" : "wait for it to finish"} and try again.`,
    );
  }
}

/** Linux: the state (field 3) and start time (field 22) of a process; undefined without /proc. */
function procStat(pid: number): { state: string; start: string | undefined } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields are counted after the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", start: fields[19] };
  } catch {
    return undefined;
  }
}

const processStart = (pid: number) => procStat(pid)?.start;

/** Whether the process a holder file names is still running (and is the same process). */
export function isAlive(holder: DataDirHolder): boolean {
  if (holder.pid === process.pid) return false; // a file our own pid left in an earlier life (containers)
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = procStat(holder.pid);
  // A zombie (Z) or dying (X) process has ended; signal 0 still reaches it until its parent reaps it, which
  // in a container whose first process does not reap can take seconds after a kill -9.
  if (now && (now.state === "Z" || now.state === "X")) return false;
  return holder.processStart === undefined || now?.start === undefined || now.start === holder.processStart;
}

/** The holder file's contents, or null when there is none (or it is not ours to read). */
export function readHolder(dataDir: string): DataDirHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(join(resolve(dataDir), HOLDER_FILE), "utf8")) as DataDirHolder;
    return typeof parsed.pid === "number" && typeof parsed.role === "string" ? parsed : null;
  } catch {
    return null;
  }
}

/** The live process holding `dataDir`, if any. */
export function liveHolder(dataDir: string): DataDirHolder | null {
  const holder = readHolder(dataDir);
  return holder && isAlive(holder) ? holder : null;
}

export interface DataDirClaim {
  holder: DataDirHolder;
  /** Rewrites the file with more about this holder (atomically: readers see the old or the new file). */
  update(fields: Pick<DataDirHolder, "url" | "localKey">): void;
  /** Removes the file if it is still ours; safe to call more than once, and from an exit handler. */
  release(): void;
}

function writePrivate(path: string, holder: DataDirHolder) {
  writeFileSync(path, `${JSON.stringify(holder, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Claims `dataDir` for this process, or throws DataDirBusyError naming the live holder. Also removes the
 * scratch directories an interrupted backup or restore left (nobody else can be using them now).
 */
export function claimDataDir(dataDir: string, role: HolderRole): DataDirClaim {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, HOLDER_FILE);
  let holder: DataDirHolder = {
    pid: process.pid,
    role,
    startedAt: new Date().toISOString(),
    processStart: processStart(process.pid),
  };
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writePrivate(draft, holder);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      const current = readHolder(dir);
      if (current && isAlive(current)) throw new DataDirBusyError(dir, current);
      // Left by a process that is gone: move it aside (only one claimant's rename succeeds) and retry.
      const aside = `${file}.stale.${randomBytes(4).toString("hex")}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  for (const name of readdirSync(dir))
    if (Object.values(SCRATCH_PREFIXES).some((prefix) => name.startsWith(prefix)))
      rmSync(join(dir, name), { recursive: true, force: true });

  let released = false;
  return {
    get holder() {
      return holder;
    },
    update(fields) {
      if (released) return;
      holder = { ...holder, ...fields };
      const next = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writePrivate(next, holder);
      renameSync(next, file);
    },
    release() {
      if (released) return;
      released = true;
      if (readHolder(dir)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    },
  };
}
