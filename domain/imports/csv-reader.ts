import { DomainError } from "../errors";

const SAVE_AS_CSV =
  "In Excel choose File → Save As → “CSV UTF-8 (Comma delimited)”; in Google Sheets File → Download → CSV.";
/** A record longer than this is no spreadsheet row (a stray quote swallowing the file is the usual cause). */
const MAX_RECORD_CHARS = 100_000;
/** The delimiter is taken from the header line, looked for in this much text. */
const HEAD_CHARS = 65_536;

const unreadable = (message: string) =>
  new DomainError("unprocessable", message, { fields: { file: message } });

/** Refuses what is plainly not UTF-8 CSV text before decoding it: UTF-16 text and Excel workbooks. */
function assertTextStart(bytes: Uint8Array) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw unreadable(`This file is UTF-16 text (Excel's “Unicode Text”), not UTF-8 CSV. ${SAVE_AS_CSV}`);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    throw unreadable(`This is a spreadsheet workbook (.xlsx or .ods), not a CSV file. ${SAVE_AS_CSV}`);
}

/** The file as UTF-8 text, a byte order mark dropped; invalid UTF-8 and NUL bytes refused. */
function utf8(bytes: Uint8Array): string {
  assertTextStart(bytes);
  // PostgreSQL cannot store a NUL character, and no spreadsheet writes one into a CSV.
  if (bytes.indexOf(0) >= 0)
    throw unreadable(`The file holds binary data (NUL bytes): it is not CSV text. ${SAVE_AS_CSV}`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(
      `The file is not UTF-8 text (Excel's plain “CSV” uses another encoding for letters such as ₹ or é). ${SAVE_AS_CSV}`,
    );
  }
}

/** Comma, semicolon (Excel where the decimal mark is a comma) or tab: whichever the header line has most of. */
export function sniffDelimiter(head: string): string {
  const counts = new Map([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const [char, n] of counts) if (n > counts.get(best)!) best = char;
  return best;
}

/** A CSV the reader cannot read, and the spreadsheet line it noticed it on. */
class CsvProblem extends Error {
  constructor(
    readonly kind: "quote-not-closed" | "record-too-long",
    readonly line: number,
  ) {
    super(kind);
  }
}

function describeCsvProblem(problem: CsvProblem): string {
  const where = ` near line ${problem.line}`;
  if (problem.kind === "quote-not-closed")
    return `The file cannot be read${where}: a quoted cell is never closed. Check that cell's quotes, or save the file again from the spreadsheet.`;
  return `The file cannot be read${where}: a row is longer than ${MAX_RECORD_CHARS.toLocaleString("en-IN")} characters, usually a quote that is never closed.`;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The records of CSV text, one call of `onRecord` each, as spreadsheets write and read them: a cell that
 * starts with a quote runs to the quote that is not doubled (line breaks and delimiters inside it are
 * text); a quote inside an unquoted cell is text (12" pipes); a record ends at CRLF, LF or CR; an empty line
 * is a blank record (null). One pass over the text, each character looked at once: no backtracking, and a record
 * longer than MAX_RECORD_CHARS is refused as soon as it gets there.
 */
function parseCsv(text: string, delimiter: string, onRecord: (record: string[] | null) => void) {
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  let p = 0;
  let line = 1;
  let recordLine = 1;
  let recordChars = 0;
  /** An unquoted cell (or the rest of a quoted one): up to the delimiter or the line's end. */
  const unquoted = () => {
    let q = p;
    while (q < n) {
      const c = text.charCodeAt(q);
      if (c === sep || c === LF || c === CR) break;
      q++;
    }
    recordChars += q - p;
    if (recordChars > MAX_RECORD_CHARS) throw new CsvProblem("record-too-long", recordLine);
    const cell = text.slice(p, q);
    p = q;
    return cell;
  };
  while (p < n) {
    const first = text.charCodeAt(p);
    if (first === LF || first === CR) {
      // An empty line: a blank record, told apart without making one.
      p += first === CR && text.charCodeAt(p + 1) === LF ? 2 : 1;
      line++;
      onRecord(null);
      continue;
    }
    const record: string[] = [];
    recordLine = line;
    recordChars = 0;
    for (;;) {
      let cell: string;
      if (text.charCodeAt(p) === QUOTE) {
        // A quoted cell: pieces between doubled quotes.
        const pieces: string[] = [];
        let from = p + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) throw new CsvProblem("quote-not-closed", recordLine);
          pieces.push(text.slice(from, close));
          recordChars += close - from;
          if (recordChars > MAX_RECORD_CHARS) throw new CsvProblem("record-too-long", recordLine);
          if (text.charCodeAt(close + 1) === QUOTE) {
            pieces.push('"');
            from = close + 2;
            continue;
          }
          p = close + 1;
          break;
        }
        for (const piece of pieces)
          for (let i = piece.indexOf("\n"); i >= 0; i = piece.indexOf("\n", i + 1)) line++;
        // Text after the closing quote belongs to the cell, as spreadsheets read `"12"" pipes"x`.
        pieces.push(unquoted());
        cell = pieces.join("");
      } else cell = unquoted();
      record.push(cell);
      if (p < n && text.charCodeAt(p) === sep) {
        p++;
        continue;
      }
      break;
    }
    // The record's end: CRLF, LF or CR (or the end of the text).
    if (text.charCodeAt(p) === CR) p++;
    if (text.charCodeAt(p) === LF) p++;
    line++;
    onRecord(record);
  }
}

export interface CsvUpload {
  /** The first row that is not blank, its names trimmed (blank ones called by position); null if none. */
  headers: string[] | null;
  /** The rows after it that are not blank, with their row number in the spreadsheet; at most maxRows. */
  rows: { sheetRow: number; cells: string[] }[];
  /** How many such rows the file has, kept or not (so a file over the limit can say its size). */
  count: number;
}

/** The header row: names trimmed, blank ones called by position, at most `maxColumns` of them. */
function headerRow(record: string[], maxColumns: number) {
  if (record.length > maxColumns) {
    const message = `The file has ${record.length} columns; an import reads at most ${maxColumns}. Remove the columns you do not import.`;
    throw unreadable(message);
  }
  return record.map((header, i) => header.trim() || `Column ${i + 1}`);
}

/**
 * A CSV upload read whole (at most 5 MB): UTF-8 with or without a byte order mark, comma, semicolon or tab
 * (from the header line), CRLF or LF, quoted cells with quotes and line breaks as Excel and Google Sheets
 * write them. Linear in the file's size, and it runs in the inspection pool (domain/files/inspection.ts),
 * off the event loop. Memory holds the file and the rows kept: rows past `maxRows` are only counted.
 */
export function readCsv(bytes: Uint8Array, limits: { maxRows: number; maxColumns: number }): CsvUpload {
  const upload: CsvUpload = { headers: null, rows: [], count: 0 };
  if (bytes.length === 0) return upload;
  const text = utf8(bytes);
  let sheetRow = 0;
  try {
    parseCsv(text, sniffDelimiter(text.slice(0, HEAD_CHARS)), (record) => {
      sheetRow++;
      if (record === null) return;
      const blank = record.every((cell) => cell.trim() === "");
      if (upload.headers === null) {
        if (!blank) upload.headers = headerRow(record, limits.maxColumns);
      } else if (!blank && ++upload.count <= limits.maxRows) upload.rows.push({ sheetRow, cells: record });
    });
  } catch (error) {
    if (error instanceof CsvProblem) throw unreadable(describeCsvProblem(error));
    throw error;
  }
  return upload;
}
