import { closeSync, openSync, readdirSync, readSync, writeSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { WalRange } from "../client";
import { directoryEntries } from "./tar";
import { isUnneededWal, isWalSegment, segmentStart, trimWal } from "./wal";

/**
 * File work for a backup, done synchronously in short slices with the event loop given back between
 * them. Asynchronous fs calls would each wait for a turn of an event loop that a busy PGlite keeps full
 * (an archive of the demo database took 30 s under a write load that way); synchronous calls in slices
 * of a few milliseconds finish in the time the disk needs while /healthz and cached pages still answer.
 */

/** How long one slice of synchronous work may hold the event loop. */
export const SLICE_MS = 8;
/** Larger pieces than this are read or written in several slices. */
export const PIECE_BYTES = 1 << 20;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Gives the event loop a turn whenever the current slice of synchronous work has lasted SLICE_MS. */
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

/**
 * Writes a still PostgreSQL data directory `from` into one new file `to`, as the tar entries of
 * `pglite/` (no end marker), with only the write-ahead log recovery reads (`wal`, db/backup/wal.ts);
 * answers how many files and bytes it holds. One file written in order, rather than a copy of each of the
 * cluster's thousand files: creating files is what a copy spends its time on (0.65 s instead of 0.1 s for
 * the demo data).
 */
export async function tarTree(
  from: string,
  to: string,
  wal: WalRange,
): Promise<{ files: number; bytes: number }> {
  const slicer = new Slicer();
  const stats = { files: 0, bytes: 0 };
  const fd = openSync(to, "wx", 0o600);
  try {
    const entries = directoryEntries(from, "pglite", {
      skip: (name) => isUnneededWal(name, wal),
      change: (name) => {
        if (!isWalSegment(name)) return undefined;
        const start = segmentStart(name, wal.segmentBytes);
        return (piece, offset) => trimWal(piece, start, offset, wal);
      },
      stats,
    });
    for (const chunk of entries) {
      for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
      await slicer.maybeYield();
    }
  } finally {
    closeSync(fd);
  }
  return stats;
}

/** A file's bytes in pieces of at most PIECE_BYTES, exactly `size` of them. */
export function* readPieces(path: string, size: number): Generator<Buffer> {
  const fd = openSync(path, "r");
  try {
    for (let at = 0; at < size;) {
      const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, size - at));
      const read = readSync(fd, piece, 0, piece.length, at);
      if (read === 0) throw new Error(`${path} shrank while it was read`);
      at += read;
      yield read === piece.length ? piece : piece.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}
