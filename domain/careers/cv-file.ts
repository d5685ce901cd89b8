import { DomainError } from "../errors";
import { inspectFile } from "../files/inspection";
import { checkDocx } from "./cv-docx";
import { checkPdf } from "./cv-pdf";
import { CV_TOO_LARGE, MAX_CV_BYTES } from "#schemas/cv-limits.ts";

export const CV_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

export interface CheckedCv {
  kind: keyof typeof CV_TYPES;
  contentType: (typeof CV_TYPES)[keyof typeof CV_TYPES];
}

const refuse = (message: string) => new DomainError("invalid", message, { fields: { cv: message } });
const NOT_A_CV = "Upload your CV as a PDF or Word (.docx) document.";

/**
 * Decides what a CV is by its content, never its name, and refuses what could act on whoever opens it:
 * a PDF read by domain/careers/cv-pdf.ts or a DOCX by domain/careers/cv-docx.ts. Synchronous and linear
 * in the file's size; it runs in the inspection pool (checkCv), never on the server's event loop.
 */
export function checkCvContent(bytes: Buffer): CheckedCv {
  if (bytes.length === 0) throw refuse("The CV file is empty. Choose your CV again.");
  if (bytes.length > MAX_CV_BYTES)
    throw new DomainError("too_large", CV_TOO_LARGE, { fields: { cv: CV_TOO_LARGE } });
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    checkPdf(bytes);
    return { kind: "pdf", contentType: CV_TYPES.pdf };
  }
  // readUInt32LE throws (a 500) on a file shorter than four bytes.
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    checkDocx(bytes);
    return { kind: "docx", contentType: CV_TYPES.docx };
  }
  throw refuse(NOT_A_CV);
}

/**
 * checkCvContent in a worker thread with a time limit (domain/files/inspection.ts): what it finds is
 * refused as invalid (too_large for a file over MAX_CV_BYTES) and `{ cv: message }`, as before.
 */
export function checkCv(bytes: Buffer): Promise<CheckedCv> {
  // A file over the limit is refused here, without copying it to a thread.
  if (bytes.length > MAX_CV_BYTES)
    return Promise.reject(new DomainError("too_large", CV_TOO_LARGE, { fields: { cv: CV_TOO_LARGE } }));
  return inspectFile({ kind: "cv", bytes });
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
