import type { WalRange } from "../client";

/**
 * The write-ahead log in a copy of the data directory. Recovery from the copy starts at its checkpoint's redo
 * point and stops at the first record that is not there; the bytes of the log before that point and after
 * the last record are never read, yet hold older records: the values of rows since erased among them, and
 * in a recycled segment, whatever it held when it was last used. A backup keeps only what recovery reads.
 */

const SEGMENT_NAME = /^pg_wal\/[0-9A-F]{24}$/;
// XLogLongPageHeaderData opens a segment's first page, XLogPageHeaderData every other page (MAXALIGNed).
const LONG_HEADER = 40;
const SHORT_HEADER = 24;

/** Whether a data directory entry is a WAL segment. */
export const isWalSegment = (name: string) => SEGMENT_NAME.test(name);

/** Whether a data directory entry is a WAL segment recovery from the copy does not read at all. */
export function isUnneededWal(name: string, wal: Pick<WalRange, "first" | "last">): boolean {
  if (!isWalSegment(name)) return false;
  const segment = name.slice("pg_wal/".length);
  return segment < wal.first || segment > wal.last;
}

/** Where segment `name` (TTTTTTTT + log + segment, in hex) starts in the log, in bytes. */
export function segmentStart(name: string, segmentBytes: number): number {
  const file = name.slice(name.lastIndexOf("/") + 1);
  const log = parseInt(file.slice(8, 16), 16);
  const segment = parseInt(file.slice(16, 24), 16);
  return log * 0x1_0000_0000 + segment * segmentBytes;
}

/**
 * Zeroes in `piece` (bytes of the segment starting at `start`, read from `offset` in its file) what recovery
 * never reads: before the redo point all but the page headers (it checks the segment's first), and
 * everything after the last record.
 */
export function trimWal(piece: Buffer, start: number, offset: number, wal: WalRange): void {
  const { redo, insert, pageBytes, segmentBytes } = wal;
  const header = (page: number) => (page % segmentBytes === 0 ? LONG_HEADER : SHORT_HEADER);
  // The insert position of an empty page is just past its header: that page holds nothing yet.
  const insertPage = insert - (insert % pageBytes);
  const end = insert - insertPage <= header(insertPage) ? insertPage : insert;
  const from = start + offset;
  const to = from + piece.length;
  const zero = (a: number, b: number) => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (lo < hi) piece.fill(0, lo - from, hi - from);
  };
  for (let page = from - (from % pageBytes); page < to; page += pageBytes) {
    zero(page + header(page), Math.min(page + pageBytes, redo));
    zero(Math.max(page, end), page + pageBytes);
  }
}
