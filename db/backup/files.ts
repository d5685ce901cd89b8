import {
  closeSync,
  constants,
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * File work for a backup, done synchronously in short slices with the event loop given back between
 * them. Asynchronous fs calls would each wait for a turn of an event loop that a busy PGlite keeps full
 * (an archive of the demo database took 30 s under a write load that way); synchronous calls in slices
 * of a few milliseconds finish in the time the disk needs while /healthz and cached pages still answer.
 */

/** How long one slice of synchronous work may hold the event loop. */
export const SLICE_MS = 8;
/** Larger pieces than this are read or copied in several slices. */
export const PIECE_BYTES = 1 << 20;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `step` for each item, giving the event loop back whenever a slice has lasted SLICE_MS. */
export class Slicer {
  private started = performance.now();
  async maybeYield() {
    if (performance.now() - this.started < SLICE_MS) return;
    await nextTurn();
    this.started = performance.now();
  }
}

export interface TreeEntry {
  path: string;
  /** Relative to the root, "/"-separated. */
  name: string;
  type: "file" | "directory";
}

/** Every directory and file under `root`, a directory before what it holds; anything else is refused. */
export function listTree(root: string): TreeEntry[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      if (!entry.isFile() && !entry.isDirectory())
        throw new Error(`${path} is neither a file nor a directory; it cannot be backed up`);
      return {
        path,
        name: relative(root, path).split(sep).join("/"),
        type: entry.isDirectory() ? ("directory" as const) : ("file" as const),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const WAL_SEGMENT = /^pg_wal\/[0-9A-F]{24}$/;

/** Whether a data directory entry is a WAL segment outside those recovery needs (see StillState). */
export function isUnneededWal(name: string, needed: { first: string; last: string }): boolean {
  if (!WAL_SEGMENT.test(name)) return false;
  const segment = name.slice("pg_wal/".length);
  return segment < needed.first || segment > needed.last;
}

/**
 * Copies a still PostgreSQL data directory `from` to `to` (files and directories; WAL segments outside
 * `walSegments` left out); returns how many files and bytes it copied.
 */
export async function copyTree(
  from: string,
  to: string,
  walSegments: { first: string; last: string },
): Promise<{ files: number; bytes: number }> {
  const slicer = new Slicer();
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let files = 0;
  let bytes = 0;
  for (const entry of listTree(from)) {
    if (isUnneededWal(entry.name, walSegments)) continue;
    const dest = join(to, entry.name);
    if (entry.type === "directory") {
      mkdirSync(dest, { recursive: true, mode: 0o700 });
    } else {
      const size = statSync(entry.path).size;
      if (size <= PIECE_BYTES) {
        // A copy-on-write clone where the filesystem offers one, else an ordinary copy.
        copyFileSync(entry.path, dest, constants.COPYFILE_FICLONE);
      } else {
        await copyInPieces(entry.path, dest, size, slicer);
      }
      files++;
      bytes += size;
    }
    await slicer.maybeYield();
  }
  return { files, bytes };
}

async function copyInPieces(from: string, to: string, size: number, slicer: Slicer) {
  const input = openSync(from, "r");
  const output = openSync(to, "wx", 0o600);
  try {
    const buffer = Buffer.allocUnsafe(PIECE_BYTES);
    for (let at = 0; at < size;) {
      const read = readSync(input, buffer, 0, Math.min(PIECE_BYTES, size - at), at);
      if (read === 0) throw new Error(`${from} shrank while it was copied`);
      writeSync(output, buffer, 0, read, at);
      at += read;
      await slicer.maybeYield();
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}

/** A file's bytes in pieces of at most PIECE_BYTES, exactly `size` of them. */
export function* readPieces(path: string, size: number): Generator<Buffer> {
  const fd = openSync(path, "r");
  try {
    for (let at = 0; at < size;) {
      const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, size - at));
      const read = readSync(fd, piece, 0, piece.length, at);
      if (read === 0) throw new Error(`${path} shrank while it was archived`);
      at += read;
      yield read === piece.length ? piece : piece.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}
