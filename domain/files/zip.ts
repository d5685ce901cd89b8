import { inflateRawSync } from "node:zlib";
import { FileError } from "./file-error";

/** Why a zip could not be read: each has its own message (domain/careers/cv-docx.ts). */
export type ZipProblem = "damaged" | "zip64" | "too-many-parts" | "larger-than-declared";

export class ZipError extends FileError<ZipProblem> {}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  /** Sizes as the central directory declares them; the real size is only known once inflated. */
  packed: number;
  expanded: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const FLAG_ENCRYPTED = 0x1;

/**
 * The zip's entries and where its central directory starts, read from its end record: at most `maxEntries` entries, no zip64, no
 * encrypted entry, no name twice, every entry's data inside the file and before the directory. Throws
 * ZipError.
 */
export function readZip(bytes: Buffer, maxEntries: number): { entries: ZipEntry[]; directoryStart: number } {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError("damaged");
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  const zip64Locator = end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR;
  // No CV needs zip64 (files over 4 GB or 65,535 parts), and its records could disagree with these.
  if (zip64Locator || count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ZipError("zip64");
  if (count > maxEntries) throw new ZipError("too-many-parts");
  if (offset + size > end) throw new ZipError("damaged");
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== CENTRAL_ENTRY) throw new ZipError("damaged");
    const nameLength = bytes.readUInt16LE(p + 28);
    const extra = bytes.readUInt16LE(p + 30);
    const comment = bytes.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(p + 8),
      method: bytes.readUInt16LE(p + 10),
      packed: bytes.readUInt32LE(p + 20),
      expanded: bytes.readUInt32LE(p + 24),
      localOffset: bytes.readUInt32LE(p + 42),
      name: bytes.subarray(p + 46, p + 46 + nameLength).toString("utf8"),
    };
    if (entry.packed === 0xffffffff || entry.expanded === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new ZipError("zip64");
    // Two parts of one name: one program would read the first, another the second.
    if (entry.flags & FLAG_ENCRYPTED || names.has(entry.name) || entry.localOffset + 30 > offset)
      throw new ZipError("damaged");
    names.add(entry.name);
    entries.push(entry);
    p += 46 + nameLength + extra + comment;
  }
  return { entries, directoryStart: offset };
}

/**
 * One entry's bytes, read through its local header (which must name the same part) and inflated to at most
 * its declared size: inflation stops as soon as the real output passes it, however small the header says the
 * part is, and a part that comes out larger is refused ("larger-than-declared"), one that comes out smaller
 * is damaged.
 */
export function readZipEntry(bytes: Buffer, entry: ZipEntry, directoryStart: number): Buffer {
  const at = entry.localOffset;
  if (bytes.readUInt32LE(at) !== LOCAL_ENTRY) throw new ZipError("damaged");
  const nameLength = bytes.readUInt16LE(at + 26);
  const start = at + 30 + nameLength + bytes.readUInt16LE(at + 28);
  const localName = bytes.subarray(at + 30, at + 30 + nameLength).toString("utf8");
  if (localName !== entry.name || start + entry.packed > directoryStart) throw new ZipError("damaged");
  const packed = bytes.subarray(start, start + entry.packed);
  let out: Buffer;
  if (entry.method === 0) out = packed;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.expanded) });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        throw new ZipError("larger-than-declared");
      throw new ZipError("damaged");
    }
  } else throw new ZipError("damaged");
  if (out.length > entry.expanded) throw new ZipError("larger-than-declared");
  if (out.length < entry.expanded) throw new ZipError("damaged");
  return out;
}
