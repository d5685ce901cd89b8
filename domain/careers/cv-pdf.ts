import { DomainError } from "../errors";
import { findMarkup, PAGE_TAGS } from "../files/markup";
import { PdfError, readPdf, type PdfProblem } from "../files/pdf";

const refuse = (message: string) => new DomainError("invalid", message, { fields: { cv: message } });
export const PDF_MESSAGES = {
  notPdf: "Upload your CV as a PDF or Word (.docx) document.",
  damaged: "This PDF is damaged or incomplete. Save it again and upload it.",
  active: "This PDF contains scripts or attached files. Save it as a plain PDF and upload it again.",
  automatic:
    "This PDF opens a link or runs an action by itself when it is opened. Save it as a plain PDF and upload it again.",
  markup: "This PDF also contains web page code. Save it as a plain PDF and upload it again.",
  tooLarge: "This PDF expands to far more than a CV would. Save it again as a plain PDF and upload it.",
  undecodable:
    "This PDF is compressed in a way we cannot check. Save it again as a plain PDF (for example with Print → Save as PDF) and upload it.",
  encrypted:
    "This PDF is encrypted, so its contents cannot be checked. Save it without a password or protection and upload it again.",
} as const;

/**
 * Names that put scripts, programs, attachments or embedded media into a PDF; none has a place in a CV.
 * Each is looked for as a name wherever a reader reads one, after `#xx` escapes are decoded.
 */
export const ACTIVE_PDF_NAMES: readonly string[] = [
  "JavaScript",
  "JS",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "FileAttachment",
  "RichMedia",
  "XFA",
];
const WATCHED = new Set(ACTIVE_PDF_NAMES);
/** The one action that may run by itself: showing a page of the document. */
const HARMLESS_AUTOMATIC_ACTIONS = new Set(["GoTo"]);

/**
 * Budgets for a PDF of at most 5 MB: what its object streams may decode to, its values and its nesting.
 * A CV's object streams decode to a few hundred KB; its deepest nesting is under 20.
 */
export const PDF_LIMITS = { maxDecodedBytes: 32 * 1024 * 1024, maxValues: 1_000_000, maxDepth: 100 };

const PROBLEM_MESSAGES: Record<PdfProblem, string> = {
  damaged: PDF_MESSAGES.damaged,
  "too-large": PDF_MESSAGES.tooLarge,
  undecodable: PDF_MESSAGES.undecodable,
  encrypted: PDF_MESSAGES.encrypted,
};

const startsWith = (bytes: Buffer, text: string) =>
  bytes.subarray(0, text.length).toString("latin1") === text;
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * A PDF CV: a header, an end marker, a cross-reference and objects, read by the PDF reader of
 * domain/files/pdf.ts; refused with scripts, launch actions, attachments, rich media, an action that runs
 * by itself (other than showing a page), or web page code anywhere in its bytes (a PDF that is also HTML).
 */
export function checkPdf(bytes: Buffer) {
  // "%PDF-1.4": a version 1.x or 2.x.
  if (
    !startsWith(bytes, "%PDF-") ||
    !(bytes[5] === 0x31 || bytes[5] === 0x32) ||
    bytes[6] !== 0x2e ||
    !isDigit(bytes[7])
  )
    throw refuse(PDF_MESSAGES.notPdf);
  if (bytes.subarray(Math.max(0, bytes.length - 2048)).indexOf("%%EOF", 0, "latin1") < 0)
    throw refuse(PDF_MESSAGES.damaged);
  // A browser reads any bytes as a page, PDF syntax or not: the whole file is searched.
  if (findMarkup(bytes, PAGE_TAGS) >= 0) throw refuse(PDF_MESSAGES.markup);
  let summary;
  try {
    summary = readPdf(bytes, WATCHED, PDF_LIMITS);
  } catch (error) {
    if (error instanceof PdfError) throw refuse(PROBLEM_MESSAGES[error.problem]);
    throw error;
  }
  if (!summary.crossReference || summary.objects === 0) throw refuse(PDF_MESSAGES.damaged);
  if (summary.names.size > 0) throw refuse(PDF_MESSAGES.active);
  if (summary.automaticActions.some((type) => !HARMLESS_AUTOMATIC_ACTIONS.has(type)))
    throw refuse(PDF_MESSAGES.automatic);
}
