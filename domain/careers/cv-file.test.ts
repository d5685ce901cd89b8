import { describe, expect, it } from "vitest";
import { sampleDocx, zip } from "../../tests/support/cv-files";
import { HttpError } from "../errors";
import { checkCv, MAX_DOCX_ENTRIES } from "./cv-file";

const refusal = (bytes: Buffer) => {
  try {
    checkCv(bytes);
  } catch (error) {
    return error;
  }
  return null;
};

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
  it.each([1, 2, 3])("refuses a %i-byte file as no CV (before: RangeError, a 500)", (size) => {
    const error = refusal(Buffer.alloc(size, 0x50));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: "Upload your CV as a PDF or Word (.docx) document.",
    });
  });

  it("refuses the first bytes of a zip alone as a damaged document", () => {
    expect(refusal(Buffer.from("PK\x03\x04", "latin1"))).toMatchObject({
      statusCode: 400,
      message: "This Word document is damaged. Save it again as .docx and upload it.",
    });
  });

  it(`takes a DOCX of ${MAX_DOCX_ENTRIES} parts and refuses one of ${MAX_DOCX_ENTRIES + 1}`, () => {
    expect(checkCv(docxWithParts(MAX_DOCX_ENTRIES))).toMatchObject({ kind: "docx" });
    expect(refusal(docxWithParts(MAX_DOCX_ENTRIES + 1))).toMatchObject({
      statusCode: 400,
      message: "This document has too many parts to be a CV.",
    });
  });

  it("takes the sample Word document", () => {
    expect(checkCv(sampleDocx()).kind).toBe("docx");
  });
});
