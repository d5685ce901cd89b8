import { crc32, deflateRawSync, deflateSync } from "node:zlib";

/** A PDF part: text (latin1) or bytes. */
type Part = string | Buffer;
const bytesOf = (part: Part) => (Buffer.isBuffer(part) ? part : Buffer.from(part, "latin1"));

/**
 * A PDF of the given objects (numbered from 1; object 1 is the catalog), with a cross-reference table and a
 * trailer; `header`, `trailer` and `end` replace those pieces, so a sample can leave out exactly one thing.
 */
export function pdf(
  objects: Part[],
  options: { header?: string; trailer?: string; xref?: boolean; end?: string } = {},
): Buffer {
  const parts: Buffer[] = [bytesOf(options.header ?? "%PDF-1.4\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([bytesOf(`${i + 1} 0 obj\n`), bytesOf(o), bytesOf("\nendobj\n")]);
    parts.push(chunk);
    length += chunk.length;
  });
  let tail = "";
  if (options.xref !== false) {
    tail += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const o of offsets) tail += `${String(o).padStart(10, "0")} 00000 n \n`;
    tail += `trailer\n${options.trailer ?? `<< /Size ${objects.length + 1} /Root 1 0 R >>`}\nstartxref\n${length}\n`;
  }
  tail += options.end ?? "%%EOF\n";
  parts.push(bytesOf(tail));
  return Buffer.concat(parts);
}

/** A stream object: its dictionary entries and data (its /Length is added). */
export const pdfStream = (dict: string, data: Part) =>
  Buffer.concat([
    bytesOf(`<< ${dict} /Length ${bytesOf(data).length} >>\nstream\n`),
    bytesOf(data),
    bytesOf("\nendstream"),
  ]);

/**
 * An object stream (/Type /ObjStm) holding `objects` numbered from `first`, compressed with FlateDecode
 * unless `filter` says otherwise (null: no filter).
 */
export function objectStream(
  objects: string[],
  first: number,
  filter: string | null = "/FlateDecode",
): Buffer {
  let body = "";
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += `${o}\n`;
  }
  const header = offsets.map((at, i) => `${first + i} ${at}`).join(" ") + "\n";
  const plain = Buffer.from(header + body, "latin1");
  const data = filter === "/FlateDecode" ? deflateSync(plain) : plain;
  return pdfStream(
    `/Type /ObjStm /N ${objects.length} /First ${header.length}${filter ? ` /Filter ${filter}` : ""}`,
    data,
  );
}

/** The catalog, page tree and one page of a plain PDF; `catalog` and `page` add entries to those objects. */
export const pdfPages = (options: { catalog?: string; page?: string; text?: string } = {}): Part[] => {
  const stream = `BT /F1 18 Tf 20 60 Td (${options.text ?? "Curriculum vitae"}) Tj ET`;
  return [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R ${options.page ?? ""} >>`,
    pdfStream("", stream),
  ];
};

/** A small valid one-page PDF (header, objects, cross-reference, trailer). */
export const samplePdf = (text = "Curriculum vitae"): Buffer => pdf(pdfPages({ text }));

/** A zip of the given entries (deflated), written by hand so tests control every byte. */
export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** The size the headers declare instead of the real one (a lying header). */
  declaredSize?: number;
  /** Stored as it is (method 0) instead of deflated. */
  stored?: boolean;
}

export function zip(entries: ZipPart[], options: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const packed = e.stored ? data : deflateRawSync(data);
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? data.length;
    // The fields a local header and its central directory entry share, from "version needed" on.
    const entryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(e.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    entryFields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    entryFields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  if (!options.zip64) return Buffer.concat([...locals, cd, end]);
  // As zip64 writers do: the zip64 end record and its locator, and the classic record's fields at their maximum.
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeUInt16LE(45, 12);
  end64.writeUInt16LE(45, 14);
  end64.writeBigUInt64LE(BigInt(entries.length), 24);
  end64.writeBigUInt64LE(BigInt(entries.length), 32);
  end64.writeBigUInt64LE(BigInt(cd.length), 40);
  end64.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
  locator.writeUInt32LE(1, 16);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...locals, cd, end64, locator, end]);
}

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
/** A Word document body of the given paragraphs' inner XML (runs, fields). */
export const wordDocument = (...paragraphs: string[]) =>
  `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>${paragraphs.map((p) => `<w:p>${p}</w:p>`).join("")}</w:body></w:document>`;
const document = wordDocument("<w:r><w:t>Curriculum vitae</w:t></w:r>");

const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
/** A relationships part: each relationship as `[type, target, external?]`, the type's end after R's. */
export const relationships = (...list: [type: string, target: string, external?: boolean][]) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(
      ([type, target, external], i) =>
        `<Relationship Id="rId${i + 1}" Type="${type.startsWith("http") ? type : `${R}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`,
    )
    .join("")}</Relationships>`;

/**
 * A Word document: content types, the package's and the document's relationships, the main part, and any
 * further parts; each option replaces one piece, so a sample differs from a plain DOCX in one thing only.
 */
export function docx(
  options: { main?: string; document?: string; documentRels?: string; parts?: ZipPart[] } = {},
): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: contentTypes(options.main ?? WORD_MAIN) },
    { name: "_rels/.rels", data: relationships(["officeDocument", "word/document.xml"]) },
    { name: "word/document.xml", data: options.document ?? document },
    ...(options.documentRels ? [{ name: "word/_rels/document.xml.rels", data: options.documentRels }] : []),
    ...(options.parts ?? []),
  ]);
}

/** A minimal Word document. */
export const sampleDocx = () => docx();

/** A Word document saved as .docm: macro-enabled content type and its VBA project part. */
export const sampleDocm = () =>
  docx({
    main: "application/vnd.ms-word.document.macroEnabled.main+xml",
    parts: [{ name: "word/vbaProject.bin", data: Buffer.alloc(64, 1) }],
  });

/** A zip bomb whose headers lie: 20 MB of zeros declared as 20,000 bytes (within the ratio and the total). */
export const docxZipBomb = () =>
  docx({
    parts: [{ name: "word/media/bomb.bin", data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 20_000 }],
  });

/** A Windows executable's first bytes ("MZ" header), as a file renamed cv.pdf would carry. */
export const executable = () =>
  Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(2048, 0x41)]);

/** A multipart body of text fields and files, built by hand. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[],
) {
  const boundary = `----cvtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
