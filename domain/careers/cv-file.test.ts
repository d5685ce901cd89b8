import { describe, expect, it } from "vitest";
import { sampleDocm, samplePdf, sampleDocx, zip } from "#tests/support/cv-files.ts";
import { docxSamples, pdfSamples, plainDocxs, plainPdfs } from "#tests/support/hostile-cvs.ts";
import { DomainError } from "../errors";
import { MAX_DOCX_ENTRIES } from "./cv-docx";
import { checkCv } from "./cv-file";

/** The refusal checkCv answers (through the inspection pool), or null when the file is taken. */
async function refusal(bytes: Buffer) {
  try {
    await checkCv(bytes);
  } catch (error) {
    return error;
  }
  return null;
}
const refusedWith = async (bytes: Buffer, message: string) => {
  const error = await refusal(bytes);
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ code: "invalid", message, fields: { cv: message } });
};

const NOT_A_CV = "Upload your CV as a PDF or Word (.docx) document.";
const PDF_DAMAGED = "This PDF is damaged or incomplete. Save it again and upload it.";
const PDF_ACTIVE = "This PDF contains scripts or attached files. Save it as a plain PDF and upload it again.";
const PDF_AUTOMATIC =
  "This PDF opens a link or runs an action by itself when it is opened. Save it as a plain PDF and upload it again.";
const DOCX_DAMAGED = "This Word document is damaged. Save it again as .docx and upload it.";
const EXPANDS = "This document expands to far more than a CV would. Save it again as .docx and upload it.";
const MACROS = "Documents with macros (.docm) are not accepted. Save your CV as .docx or PDF.";
const EXTERNAL =
  "This document loads content from the internet when it is opened (a remote template or linked object). Save your CV as a plain .docx or PDF and upload it again.";
const DDE =
  "This document contains a field that starts another program (DDE). Remove the field, or save your CV as PDF, and upload it again.";

/** A Word document with `parts` entries in all: the two a DOCX needs and empty filler parts. */
function docxWithParts(parts: number) {
  const base = [
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    { name: "word/document.xml", data: "<w:document/>" },
  ];
  const filler = Array.from({ length: parts - base.length }, (_, i) => ({
    name: `word/media/part${i}.xml`,
    data: "<x/>",
  }));
  return zip([...base, ...filler]);
}

describe("checkCv", () => {
  it.each([1, 2, 3])("refuses a %i-byte file as no CV (before: RangeError, a 500)", async (size) => {
    await refusedWith(Buffer.alloc(size, 0x50), NOT_A_CV);
  });

  it("refuses the first bytes of a zip alone as a damaged document", async () => {
    await refusedWith(Buffer.from("PK\x03\x04", "latin1"), DOCX_DAMAGED);
  });

  it(`takes a DOCX of ${MAX_DOCX_ENTRIES} parts and refuses one of ${MAX_DOCX_ENTRIES + 1}`, async () => {
    expect(await checkCv(docxWithParts(MAX_DOCX_ENTRIES))).toMatchObject({ kind: "docx" });
    await refusedWith(docxWithParts(MAX_DOCX_ENTRIES + 1), "This document has too many parts to be a CV.");
  });

  it("takes the sample PDF and Word document", async () => {
    expect(await checkCv(samplePdf())).toEqual({ kind: "pdf", contentType: "application/pdf" });
    expect((await checkCv(sampleDocx())).kind).toBe("docx");
  });

  it("refuses a file over 5 MB with 413 without sending it to a thread", async () => {
    expect(await refusal(Buffer.alloc(5 * 1024 * 1024 + 1, 0x25))).toMatchObject({ code: "too_large" });
  });
});

describe("a PDF CV, read by its objects", () => {
  it.each(Object.entries(plainPdfs))("takes %s", async (_what, make) => {
    expect(await refusal(make())).toBeNull();
  });

  it.each([
    ["a header that is no PDF 1.x or 2.x", pdfSamples.badHeader, NOT_A_CV],
    ["no %%EOF at the end", pdfSamples.noEndMarker, PDF_DAMAGED],
    ["no cross-reference", pdfSamples.noCrossReference, PDF_DAMAGED],
    [
      "no object (the shape that took 7.7 s at 100,000 digits)",
      () => pdfSamples.noObjects(100_000),
      PDF_DAMAGED,
    ],
    ["arrays nested 101 deep", pdfSamples.tooDeep, PDF_DAMAGED],
    ["more than a million values", pdfSamples.tooManyValues, PDF_DAMAGED],
    ["an object stream whose offsets cut a name in two", pdfSamples.cutObjectStream, PDF_DAMAGED],
    [
      "an object stream that inflates past 32 MB",
      pdfSamples.objectStreamBomb,
      "This PDF expands to far more than a CV would. Save it again as a plain PDF and upload it.",
    ],
    [
      "an object stream in a filter it cannot decode",
      pdfSamples.undecodableObjectStream,
      "This PDF is compressed in a way we cannot check. Save it again as a plain PDF (for example with Print → Save as PDF) and upload it.",
    ],
    [
      "an encrypted file with object streams",
      pdfSamples.encryptedObjectStream,
      "This PDF is encrypted, so its contents cannot be checked. Save it without a password or protection and upload it again.",
    ],
  ])("refuses %s", async (_what, make, message) => {
    await refusedWith(make(), message);
  });

  // Written out, not taken from ACTIVE_PDF_NAMES: a name dropped from that list must turn its test red.
  it.each([
    "JavaScript",
    "JS",
    "Launch",
    "EmbeddedFile",
    "EmbeddedFiles",
    "FileAttachment",
    "RichMedia",
    "XFA",
  ])("refuses the name /%s", async (name) => {
    await refusedWith(pdfSamples.activeName(name), PDF_ACTIVE);
  });

  it.each([
    ["JavaScript spelled /J#61vaScript", pdfSamples.hexEscapedJavaScript, PDF_ACTIVE],
    ["a launch action spelled /L#61unch", pdfSamples.hexEscapedLaunch, PDF_ACTIVE],
    ["JavaScript inside a compressed object stream", pdfSamples.javaScriptInObjectStream, PDF_ACTIVE],
    ["an /OpenAction that opens a web address", pdfSamples.openActionUri, PDF_AUTOMATIC],
    ["an /OpenAction whose /Next opens a web address", pdfSamples.openActionNextUri, PDF_AUTOMATIC],
    ["a page that opens a web address when shown (/AA)", pdfSamples.pageOpenUri, PDF_AUTOMATIC],
    [
      "a PDF that is also an HTML page with a script",
      pdfSamples.htmlPolyglot,
      "This PDF also contains web page code. Save it as a plain PDF and upload it again.",
    ],
  ])("refuses %s (before: accepted and stored)", async (_what, make, message) => {
    await refusedWith(make(), message);
  });
});

describe("a Word CV, read from its package", () => {
  it.each(Object.entries(plainDocxs))("takes %s", async (_what, make) => {
    expect(await refusal(make())).toBeNull();
  });

  it.each([
    ["a directory outside the file", docxSamples.damaged, DOCX_DAMAGED],
    ["a zip64 archive", docxSamples.zip64, NOT_A_CV],
    ["declared sizes over 50 MB in all", docxSamples.declaredOverBudget, EXPANDS],
    ["a part packed more than 200:1", docxSamples.ratio, EXPANDS],
    ["a part shorter than it declares", docxSamples.shorterThanDeclared, DOCX_DAMAGED],
    ["two parts of one name", docxSamples.duplicateName, DOCX_DAMAGED],
    ["a local header that names another part", docxSamples.localNameMismatch, DOCX_DAMAGED],
    ["macro-enabled content types (.docm)", docxSamples.macroContentType, MACROS],
    ["a part named vbaProject.bin", docxSamples.macroPartName, MACROS],
    ["an ActiveX part", docxSamples.activeXPartName, MACROS],
    ["a zip without a Word document", docxSamples.notWord, NOT_A_CV],
    ["a .docm as Word saves it", sampleDocm, MACROS],
  ])("refuses %s", async (_what, make, message) => {
    await refusedWith(make(), message);
  });

  it.each([
    ["a zip bomb whose headers lie (20 MB declared as 20,000 bytes)", docxSamples.lyingHeaders, EXPANDS],
    ["the macro part renamed (relationship type still vbaProject)", docxSamples.renamedMacro, MACROS],
    ["an ActiveX control renamed (relationship type control)", docxSamples.renamedActiveX, MACROS],
    ["a remote template (attachedTemplate, TargetMode External)", docxSamples.remoteTemplate, EXTERNAL],
    ["an external OLE object (mhtml:, the Follina shape)", docxSamples.externalOleObject, EXTERNAL],
    [
      "a picture linked from the internet without TargetMode",
      docxSamples.externalTargetWithoutMode,
      EXTERNAL,
    ],
    ["a DDEAUTO field split over two runs", docxSamples.ddeInstrText, DDE],
    ["a DDE simple field spelled with a character reference", docxSamples.ddeFieldSimple, DDE],
  ])("refuses %s (before: accepted and stored)", async (_what, make, message) => {
    await refusedWith(make(), message);
  });
});
