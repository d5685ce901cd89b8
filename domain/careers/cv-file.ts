import { inflateRawSync } from "node:zlib";
import { HttpError } from "../errors";

/** Largest CV we take; the upload stream stops reading past it (server/api/applications.ts). */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
/** A Word document has a few dozen parts; a zip with more is no CV. */
export const MAX_DOCX_ENTRIES = 500;
/** Most a DOCX may expand to (all parts), and the most one part may expand relative to its packed size. */
export const MAX_DOCX_EXPANDED_BYTES = 50 * 1024 * 1024;
const MAX_DOCX_RATIO = 200;

export const CV_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

export interface CheckedCv {
  kind: keyof typeof CV_TYPES;
  contentType: (typeof CV_TYPES)[keyof typeof CV_TYPES];
}

const refuse = (message: string) => new HttpError(400, message, { cv: message });
const NOT_A_CV = "Upload your CV as a PDF or Word (.docx) document.";

/**
 * Decides what a CV is by its content, never its name: a PDF (header, end marker and cross-reference,
 * without scripts or embedded files) or a DOCX (a bounded zip holding a Word document, without macros).
 */
export function checkCv(bytes: Buffer): CheckedCv {
  if (bytes.length === 0) throw refuse("The CV file is empty. Choose your CV again.");
  if (bytes.length > MAX_CV_BYTES)
    throw new HttpError(413, "The CV must be 5 MB or smaller.", { cv: "The CV must be 5 MB or smaller." });
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return checkPdf(bytes);
  // readUInt32LE throws (a 500) on a file shorter than four bytes.
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return checkDocx(bytes);
  throw refuse(NOT_A_CV);
}

function checkPdf(bytes: Buffer): CheckedCv {
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString("latin1"))) throw refuse(NOT_A_CV);
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString("latin1");
  const text = bytes.toString("latin1");
  if (!tail.includes("%%EOF") || !/startxref|\/XRef/.test(text) || !/\d+\s+\d+\s+obj\b/.test(text))
    throw refuse("This PDF is damaged or incomplete. Save it again and upload it.");
  // Active content has no place in a CV and could act on whoever opens it.
  if (/\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b/.test(text))
    throw refuse("This PDF contains scripts or attached files. Save it as a plain PDF and upload it again.");
  return { kind: "pdf", contentType: CV_TYPES.pdf };
}

interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  expanded: number;
  localOffset: number;
}

/** The zip's central directory, read from its end record; throws on anything malformed. */
function zipEntries(bytes: Buffer): ZipEntry[] {
  const damaged = () => refuse("This Word document is damaged. Save it again as .docx and upload it.");
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw refuse(NOT_A_CV); // zip64: no CV needs it
  if (count > MAX_DOCX_ENTRIES) throw refuse("This document has too many parts to be a CV.");
  if (offset + size > end) throw damaged();
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== 0x02014b50) throw damaged();
    const nameLength = bytes.readUInt16LE(p + 28);
    const extra = bytes.readUInt16LE(p + 30);
    const comment = bytes.readUInt16LE(p + 32);
    entries.push({
      method: bytes.readUInt16LE(p + 10),
      packed: bytes.readUInt32LE(p + 20),
      expanded: bytes.readUInt32LE(p + 24),
      localOffset: bytes.readUInt32LE(p + 42),
      name: bytes.subarray(p + 46, p + 46 + nameLength).toString("utf8"),
    });
    p += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** One part's bytes, inflated to at most its declared size (a lying header cannot make it bigger). */
function readEntry(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50)
    throw refuse("This Word document is damaged. Save it again as .docx and upload it.");
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const packed = bytes.subarray(start, start + entry.packed);
  if (entry.method === 0) return packed;
  if (entry.method !== 8) throw refuse(NOT_A_CV);
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.expanded) });
  } catch {
    throw refuse("This Word document is damaged. Save it again as .docx and upload it.");
  }
}

function checkDocx(bytes: Buffer): CheckedCv {
  const entries = zipEntries(bytes);
  let total = 0;
  for (const e of entries) {
    total += e.expanded;
    if (
      total > MAX_DOCX_EXPANDED_BYTES ||
      (e.packed > 0 && e.expanded / e.packed > MAX_DOCX_RATIO) ||
      (e.packed === 0 && e.expanded > 0)
    )
      throw refuse(
        "This document expands to far more than a CV would. Save it again as .docx and upload it.",
      );
  }
  const names = new Set(entries.map((e) => e.name));
  const macros = entries.some((e) => /vbaProject\.bin$|vbaData\.xml$|(^|\/)activeX\//i.test(e.name));
  const types = entries.find((e) => e.name === "[Content_Types].xml");
  if (!types || !names.has("word/document.xml")) throw refuse(NOT_A_CV);
  const contentTypes = readEntry(bytes, types).toString("utf8");
  if (macros || /macroEnabled/i.test(contentTypes))
    throw refuse("Documents with macros (.docm) are not accepted. Save your CV as .docx or PDF.");
  if (!contentTypes.includes("wordprocessingml.document.main+xml")) throw refuse(NOT_A_CV);
  return { kind: "docx", contentType: CV_TYPES.docx };
}

/**
 * The candidate's file name as we keep it: the last path segment, control and separator characters
 * removed, at most 120 characters, and the extension our check found (so "cv.exe" stored as a PDF reads
 * "cv.exe.pdf"). It is only ever shown as text or sent escaped in Content-Disposition.
 */
export function cvFileName(original: string | undefined, kind: CheckedCv["kind"]): string {
  const base = (original ?? "")
    .split(/[/\\]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}"<>:|?*]/gu, "")
    .trim()
    .slice(0, 120);
  const stem = base.replace(new RegExp(`\\.${kind}$`, "i"), "") || "cv";
  return `${stem}.${kind}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
