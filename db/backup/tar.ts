import { statSync } from "node:fs";
import { listTree, PIECE_BYTES, readPieces } from "./files";

/**
 * The few lines of POSIX tar (ustar) a backup needs, streamed both ways so an archive of any size passes
 * through a fixed amount of memory: regular files and directories only, no links, no special files.
 * The output is an ordinary tar that `tar -tzf` lists and `tar -xzf` unpacks.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // what 11 octal digits hold (8 GiB); PostgreSQL segments are at most 1 GiB

export interface TarHeader {
  /** Relative path with "/" separators; no trailing slash. */
  name: string;
  type: "file" | "directory";
  size: number;
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
}

function octal(buf: Buffer, offset: number, width: number, value: number) {
  buf.write(value.toString(8).padStart(width - 1, "0") + "\0", offset, width, "ascii");
}

/** Splits a long path into ustar's prefix (≤ 155 bytes) and name (≤ 100 bytes) at a "/". */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: "", name: path };
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`path too long for a tar archive: ${path}`);
}

export function encodeHeader(entry: TarHeader): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`file too large for a tar archive: ${entry.name}`);
  const buf = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.type === "directory" ? `${entry.name}/` : entry.name);
  buf.write(name, 0, 100, "utf8");
  octal(buf, 100, 8, entry.mode & 0o7777);
  octal(buf, 108, 8, 0); // uid
  octal(buf, 116, 8, 0); // gid
  octal(buf, 124, 12, entry.type === "file" ? entry.size : 0);
  octal(buf, 136, 12, Math.max(0, Math.floor(entry.mtime)));
  buf.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  buf.write(entry.type === "file" ? "0" : "5", 156, 1, "ascii");
  buf.write("ustar\u000000", 257, 8, "ascii");
  buf.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of buf) sum += byte;
  buf.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return buf;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** One entry held in memory (the manifest). */
export function* memoryEntry(name: string, data: Buffer): Generator<Buffer> {
  yield encodeHeader({ name, type: "file", size: data.length, mode: 0o600, mtime: Date.now() / 1000 });
  yield data;
  yield padding(data.length);
}

export interface EntriesOptions {
  /** Entries (by their name relative to `root`) to leave out. */
  skip?: (name: string) => boolean;
  /** For a file whose bytes are to be changed in the copy: what changes a piece read from `offset`. */
  change?: (name: string) => ((piece: Buffer, offset: number) => void) | undefined;
  /** Filled in as the entries are made: how many files and how many bytes of file content. */
  stats?: { files: number; bytes: number };
}

/**
 * Every directory and file under `root` as entries under `prefix` (no end marker), in chunks of about
 * PIECE_BYTES, each read synchronously: a caller gives the event loop a turn between chunks.
 */
export function* directoryEntries(
  root: string,
  prefix: string,
  { skip = () => false, change = () => undefined, stats = { files: 0, bytes: 0 } }: EntriesOptions = {},
): Generator<Buffer> {
  let batch: Buffer[] = [];
  let batched = 0;
  const add = (buf: Buffer) => {
    batch.push(buf);
    batched += buf.length;
  };
  const take = () => {
    const chunk = Buffer.concat(batch);
    batch = [];
    batched = 0;
    return chunk;
  };
  add(encodeHeader({ name: prefix, type: "directory", size: 0, mode: 0o700, mtime: Date.now() / 1000 }));
  for (const entry of listTree(root)) {
    if (skip(entry.name)) continue;
    const name = `${prefix}/${entry.name}`;
    const info = statSync(entry.path);
    const mtime = info.mtimeMs / 1000;
    if (entry.type === "directory") {
      add(encodeHeader({ name, type: "directory", size: 0, mode: 0o700, mtime }));
      continue;
    }
    add(encodeHeader({ name, type: "file", size: info.size, mode: 0o600, mtime }));
    const changePiece = change(entry.name);
    let offset = 0;
    for (const piece of readPieces(entry.path, info.size)) {
      changePiece?.(piece, offset);
      offset += piece.length;
      add(piece);
      if (batched >= PIECE_BYTES) yield take();
    }
    add(padding(info.size));
    stats.files++;
    stats.bytes += info.size;
    if (batched >= PIECE_BYTES) yield take();
  }
  if (batched > 0) yield take();
}

/** The two empty blocks that end an archive. */
export const endOfArchive = () => Buffer.alloc(2 * BLOCK);

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number) {
    while (this.buffered < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  async take(size: number): Promise<Buffer | null> {
    await this.fill(size);
    if (this.buffered === 0 && this.ended) return null;
    if (this.buffered < size) throw new Error("the archive ends in the middle of an entry (truncated?)");
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > size ? [all.subarray(size)] : [];
    this.buffered -= size;
    return all.subarray(0, size);
  }

  /** `size` bytes as they arrive, without gathering them; `progress.read` counts what was handed out. */
  async *stream(size: number, progress = { read: 0 }): AsyncGenerator<Buffer> {
    let left = size - progress.read;
    while (left > 0) {
      await this.fill(1);
      const chunk = this.chunks.shift();
      if (!chunk) throw new Error("the archive ends in the middle of a file (truncated?)");
      const piece = chunk.subarray(0, left);
      if (chunk.length > left) this.chunks.unshift(chunk.subarray(left));
      this.buffered -= piece.length;
      left -= piece.length;
      progress.read += piece.length;
      yield piece;
    }
  }
}

function readString(buf: Buffer, offset: number, width: number): string {
  const field = buf.subarray(offset, offset + width);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? width : end).toString("utf8");
}

function readOctal(buf: Buffer, offset: number, width: number): number {
  const text = readString(buf, offset, width).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error("not a tar archive (a number field holds something else)");
  return text === "" ? 0 : parseInt(text, 8);
}

export function decodeHeader(block: Buffer): TarHeader {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  if (readOctal(block, 148, 8) !== sum) throw new Error("not a tar archive, or a damaged one (checksum)");
  const typeFlag = String.fromCharCode(block[156]!);
  const type = typeFlag === "0" || typeFlag === "\0" ? "file" : typeFlag === "5" ? "directory" : null;
  const prefix = readString(block, 345, 155);
  const name = (prefix ? `${prefix}/` : "") + readString(block, 0, 100);
  if (!type) throw new Error(`the archive holds ${name}, which is neither a file nor a directory`);
  return {
    name: name.replace(/\/+$/, ""),
    type,
    size: type === "file" ? readOctal(block, 124, 12) : 0,
    mode: readOctal(block, 100, 8),
    mtime: readOctal(block, 136, 12),
  };
}

export interface TarEntry extends TarHeader {
  /** The file's bytes as they arrive; read it (or not) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

/** The entries of a tar stream, one at a time; a body left unread is skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.take(BLOCK);
    if (!block) throw new Error("the archive ends without its end marker (truncated?)");
    if (block.every((byte) => byte === 0)) return;
    const header = decodeHeader(block);
    const progress = { read: 0 };
    yield { ...header, body: reader.stream(header.size, progress) };
    // Whatever the consumer left unread (or stopped reading) is skipped, then the padding.
    for await (const _ of reader.stream(header.size, progress));
    const pad = padding(header.size).length;
    if (pad > 0 && !(await reader.take(pad))) throw new Error("the archive ends early (truncated?)");
  }
}
