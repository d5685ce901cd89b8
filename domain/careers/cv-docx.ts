import { DomainError } from "../errors";
import { decodeEntities, readXml } from "../files/xml";
import { readZip, readZipEntry, ZipError, type ZipProblem } from "../files/zip";

/** A Word document has a few dozen parts; a zip with more is no CV. */
export const MAX_DOCX_ENTRIES = 500;
/** Most a DOCX may expand to (all parts, as declared and as really inflated). */
export const MAX_DOCX_EXPANDED_BYTES = 50 * 1024 * 1024;
/** Most one part may expand relative to its packed size (text compresses about 10:1). */
export const MAX_DOCX_RATIO = 200;

const refuse = (message: string) => new DomainError("invalid", message, { fields: { cv: message } });
export const DOCX_MESSAGES = {
  notDocx: "Upload your CV as a PDF or Word (.docx) document.",
  damaged: "This Word document is damaged. Save it again as .docx and upload it.",
  tooManyParts: "This document has too many parts to be a CV.",
  expands: "This document expands to far more than a CV would. Save it again as .docx and upload it.",
  macros: "Documents with macros (.docm) are not accepted. Save your CV as .docx or PDF.",
  external:
    "This document loads content from the internet when it is opened (a remote template or linked object). Save your CV as a plain .docx or PDF and upload it again.",
  dde: "This document contains a field that starts another program (DDE). Remove the field, or save your CV as PDF, and upload it again.",
} as const;

const ZIP_MESSAGES: Record<ZipProblem, string> = {
  damaged: DOCX_MESSAGES.damaged,
  zip64: DOCX_MESSAGES.notDocx,
  "too-many-parts": DOCX_MESSAGES.tooManyParts,
  "larger-than-declared": DOCX_MESSAGES.expands,
};

/** Relationship types (the end of the type URI) that bring macros or ActiveX controls into a document. */
const ACTIVE_RELATIONSHIPS = ["/vbaProject", "/wordVbaData", "/control", "/activeXControlBinary"];
/** Part names that are macros or ActiveX controls, whatever refers to them. */
const isActivePartName = (name: string) => {
  const lower = name.toLowerCase();
  return (
    lower.endsWith("vbaproject.bin") ||
    lower.endsWith("vbadata.xml") ||
    lower.startsWith("activex/") ||
    lower.includes("/activex/")
  );
};
/** A target that leaves the package: a scheme (`https:`, `mhtml:`, `file:`), a network path or `//host`. */
const leavesPackage = (target: string) => {
  const t = target.trim();
  const colon = t.indexOf(":");
  const slash = t.indexOf("/");
  return t.startsWith("\\\\") || t.startsWith("//") || (colon > 0 && (slash < 0 || colon < slash));
};

/** Attribute values are read this far: no relationship type or target a CV needs is longer. */
const ATTRIBUTE_CHARS = 4096;

/** Text of an XML part: UTF-8, or UTF-16 when it starts with a byte order mark (OPC allows both). */
function partText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return bytes.toString("utf8");
}

/**
 * A DOCX CV. The package is read, not searched: the central directory within bounds (parts, declared sizes,
 * ratio, no zip64), every part inflated to no more than it declares (so inflation stops as soon as a lying
 * header is passed, and all parts together stay under MAX_DOCX_EXPANDED_BYTES), the content types of a
 * Word document without macros, no macro or ActiveX part by name or by relationship type, no relationship
 * other than a hyperlink that leaves the package (remote templates, linked OLE objects), and no DDE field.
 */
export function checkDocx(bytes: Buffer) {
  let zip;
  try {
    zip = readZip(bytes, MAX_DOCX_ENTRIES);
  } catch (error) {
    if (error instanceof ZipError) throw refuse(ZIP_MESSAGES[error.problem]);
    throw error;
  }
  const { entries, directoryStart } = zip;
  let declared = 0;
  for (const e of entries) {
    declared += e.expanded;
    if (
      declared > MAX_DOCX_EXPANDED_BYTES ||
      (e.packed > 0 && e.expanded / e.packed > MAX_DOCX_RATIO) ||
      (e.packed === 0 && e.expanded > 0)
    )
      throw refuse(DOCX_MESSAGES.expands);
  }

  // Every part is inflated, so none can hide a size its header does not admit; the XML parts are kept.
  const xml = new Map<string, string>();
  for (const e of entries) {
    let data: Buffer;
    try {
      data = readZipEntry(bytes, e, directoryStart);
    } catch (error) {
      if (error instanceof ZipError) throw refuse(ZIP_MESSAGES[error.problem]);
      throw error;
    }
    const lower = e.name.toLowerCase();
    if (lower.endsWith(".xml") || lower.endsWith(".rels")) xml.set(e.name, partText(data));
  }

  const contentTypes = xml.get("[Content_Types].xml");
  if (contentTypes === undefined || !xml.has("word/document.xml")) throw refuse(DOCX_MESSAGES.notDocx);
  if (contentTypes.toLowerCase().includes("macroenabled")) throw refuse(DOCX_MESSAGES.macros);
  if (!contentTypes.includes("wordprocessingml.document.main+xml")) throw refuse(DOCX_MESSAGES.notDocx);
  if (entries.some((e) => isActivePartName(e.name))) throw refuse(DOCX_MESSAGES.macros);

  for (const [name, text] of xml) {
    if (!name.toLowerCase().endsWith(".rels")) continue;
    readXml(text, {
      wants: (element) => element === "Relationship",
      start(_element, attributes) {
        const attribute = (key: string) => decodeEntities(attributes.get(key) ?? "", ATTRIBUTE_CHARS);
        const type = attribute("Type");
        if (ACTIVE_RELATIONSHIPS.some((end) => type.endsWith(end))) throw refuse(DOCX_MESSAGES.macros);
        const external =
          attribute("TargetMode").trim().toLowerCase() === "external" || leavesPackage(attribute("Target"));
        // A hyperlink opens only when clicked; anything else external is fetched when the file opens.
        if (external && !type.endsWith("/hyperlink")) throw refuse(DOCX_MESSAGES.external);
      },
    });
  }

  for (const [name, text] of xml) {
    if (!name.toLowerCase().endsWith(".rels") && hasDdeField(text)) throw refuse(DOCX_MESSAGES.dde);
  }
}

/**
 * The first word of a field instruction, read as Word reads it (leading spaces skipped, entities decoded,
 * the word ended by a space, a quote or a backslash) from text that may come in several pieces. It reads
 * no further than the word: a field code of megabytes costs no more than its first word.
 */
class FirstWord {
  word = "";
  done = false;

  add(raw: string, cdata: boolean) {
    for (let i = 0; i < raw.length && !this.done; i++) {
      let char = raw[i]!;
      if (char === "&" && !cdata) {
        // One reference at a time, within the next 12 characters.
        const decoded = decodeEntities(raw.slice(i, i + 14), 1);
        if (decoded !== "&") {
          char = decoded;
          i = raw.indexOf(";", i);
        }
      }
      const space = char === " " || char === "\t" || char === "\n" || char === "\r";
      if (this.word === "" && space) continue;
      if (space || char === '"' || char === "\\") this.done = this.word !== "";
      else if ((this.word += char).length > 8) this.done = true;
    }
  }

  get isDde() {
    const word = this.word.toUpperCase();
    return word === "DDE" || word === "DDEAUTO";
  }
}

const FIELD_ELEMENTS = new Set(["fldSimple", "instrText", "fldChar"]);

/**
 * Whether a WordprocessingML part has a DDE field: a simple field's `instr`, or a complex field's
 * instruction, which Word joins from every `instrText` between the field's begin and its separator (so
 * "DD" and "EAUTO" in two runs are one DDEAUTO). Nested fields each collect their own instruction.
 */
function hasDdeField(xml: string): boolean {
  const open: (FirstWord | null)[] = [];
  let loose = new FirstWord();
  let inInstruction = false;
  let found = false;
  readXml(xml, {
    wants: (element) => FIELD_ELEMENTS.has(element),
    start(element, attributes) {
      if (element === "fldSimple") {
        const instruction = new FirstWord();
        instruction.add(attributes.get("instr") ?? "", false);
        found ||= instruction.isDde;
      } else if (element === "instrText") inInstruction = true;
      else {
        const type = decodeEntities(attributes.get("fldCharType") ?? "", 16);
        if (type === "begin") open.push(new FirstWord());
        else if (type === "separate" || type === "end") {
          const instruction = open.pop();
          if (instruction) found ||= instruction.isDde;
          // After the separator comes the field's result; its end then closes nothing more.
          if (type === "separate") open.push(null);
        }
      }
    },
    end(element) {
      if (element === "instrText") inInstruction = false;
    },
    text(raw, cdata) {
      if (!inInstruction) return;
      const field = open.length > 0 ? open[open.length - 1] : loose;
      field?.add(raw, cdata);
      if (open.length === 0 && loose.done) {
        found ||= loose.isDde;
        loose = new FirstWord();
      }
    },
  });
  return found || loose.isDde;
}
