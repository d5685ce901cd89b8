import { describe, expect, it } from "vitest";
import type { WalRange } from "../client";
import { segmentStart, trimWal } from "./wal";

const PAGE = 8192;
const SEGMENT = 16 << 20;

/** A segment's first pages, every byte 0xAA, trimmed as a backup trims it, read in pieces of `piece` bytes. */
function trimmed(
  name: string,
  wal: Omit<WalRange, "first" | "last" | "segmentBytes" | "pageBytes">,
  piece: number,
) {
  const bytes = Buffer.alloc(4 * PAGE, 0xaa);
  const start = segmentStart(name, SEGMENT);
  for (let at = 0; at < bytes.length; at += piece)
    trimWal(bytes.subarray(at, at + piece), start, at, {
      ...wal,
      first: name,
      last: name,
      segmentBytes: SEGMENT,
      pageBytes: PAGE,
    });
  return bytes;
}

/** The runs of kept (non-zero) bytes, as [from, to) offsets. */
function kept(bytes: Buffer): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0) continue;
    const last = runs.at(-1);
    if (last && last[1] === i) last[1] = i + 1;
    else runs.push([i, i + 1]);
  }
  return runs;
}

describe("the write-ahead log a backup keeps", () => {
  it("places a segment in the log by its name", () => {
    expect(segmentStart("pg_wal/000000010000000000000001", SEGMENT)).toBe(SEGMENT);
    expect(segmentStart("000000010000000200000003", SEGMENT)).toBe(2 * 2 ** 32 + 3 * SEGMENT);
  });

  it.each([PAGE * 4, 1000, 3 * PAGE + 7])(
    "keeps the page headers and redo … last record, zeroes the rest (read %i bytes at a time)",
    (piece) => {
      const name = "000000010000000000000002";
      const base = segmentStart(name, SEGMENT);
      // Redo in the third page, the last record ending inside it: the rest of it and the fourth go.
      const bytes = trimmed(name, { redo: base + 2 * PAGE + 100, insert: base + 2 * PAGE + 500 }, piece);
      expect(kept(bytes)).toEqual([
        [0, 40],
        [PAGE, PAGE + 24],
        [2 * PAGE, 2 * PAGE + 24],
        [2 * PAGE + 100, 2 * PAGE + 500],
      ]);
    },
  );

  it("zeroes a page the log has only reached the header of, header and all", () => {
    const name = "000000010000000000000002";
    const base = segmentStart(name, SEGMENT);
    const bytes = trimmed(name, { redo: base + 40, insert: base + PAGE + 24 }, PAGE);
    expect(kept(bytes)).toEqual([[0, PAGE]]);
  });

  it("keeps all of a segment between redo and the last record", () => {
    const name = "000000010000000000000002";
    const base = segmentStart(name, SEGMENT);
    const bytes = trimmed(name, { redo: base - 100, insert: base + SEGMENT + 100 }, 5000);
    expect(kept(bytes)).toEqual([[0, 4 * PAGE]]);
  });
});
