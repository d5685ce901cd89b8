import { CsvError, parse } from "csv-parse";
import { Readable } from "node:stream";
import { HttpError } from "../errors";

const SAVE_AS_CSV =
  "In Excel choose File → Save As → “CSV UTF-8 (Comma delimited)”; in Google Sheets File → Download → CSV.";
/** A record longer than this is no spreadsheet row (a stray quote swallowing the file is the usual cause). */
const MAX_RECORD_CHARS = 100_000;
/** The header line is looked for in this much text; a first line longer than this is no header row. */
const HEAD_CHARS = 65_536;

const unreadable = (message: string) => new HttpError(422, message, { file: message });

/** Refuses what is plainly not UTF-8 CSV text before decoding it: UTF-16 text and Excel workbooks. */
function assertTextStart(bytes: Uint8Array) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw unreadable(`This file is UTF-16 text (Excel's “Unicode Text”), not UTF-8 CSV. ${SAVE_AS_CSV}`);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    throw unreadable(`This is a spreadsheet workbook (.xlsx or .ods), not a CSV file. ${SAVE_AS_CSV}`);
}

/** The file as UTF-8 text, a chunk at a time; a byte order mark is dropped, invalid UTF-8 refused. */
async function* utf8(file: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  try {
    for await (const chunk of file) {
      if (first && chunk.length > 0) {
        assertTextStart(chunk);
        first = false;
      }
      const text = decoder.decode(chunk, { stream: true });
      // PostgreSQL cannot store a NUL character, and no spreadsheet writes one into a CSV.
      if (text.includes("\u0000"))
        throw unreadable(`The file holds binary data (NUL bytes): it is not CSV text. ${SAVE_AS_CSV}`);
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError)
      throw unreadable(
        `The file is not UTF-8 text (Excel's plain “CSV” uses another encoding for letters such as ₹ or é). ${SAVE_AS_CSV}`,
      );
    throw error;
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

function describeCsvError(error: CsvError): string {
  const where = error.lines ? ` near line ${error.lines}` : "";
  if (error.code === "CSV_QUOTE_NOT_CLOSED")
    return `The file cannot be read${where}: a quoted cell is never closed. Check that cell's quotes, or save the file again from the spreadsheet.`;
  if (error.code === "CSV_INVALID_CLOSING_QUOTE")
    return `The file cannot be read${where}: a cell has text after its closing quote. Check that cell's quotes, or save the file again from the spreadsheet.`;
  if (error.code === "CSV_MAX_RECORD_SIZE")
    return `The file cannot be read${where}: a row is longer than ${MAX_RECORD_CHARS.toLocaleString("en-IN")} characters, usually a quote that is never closed.`;
  return `The file cannot be read${where}. ${SAVE_AS_CSV}`;
}

/**
 * The records of a CSV upload, streamed: UTF-8 with or without a byte order mark, comma, semicolon or tab
 * (from the header line), CRLF or LF, quoted cells with quotes and line breaks as Excel and Google Sheets
 * write them. Memory holds a chunk of the file and the record being read, whatever the file's size. Empty
 * lines come through as `[""]`, so a record's position is its row number in the spreadsheet.
 */
export async function* csvRecords(file: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const text = utf8(file);
  let head = "";
  for (;;) {
    if (/[\r\n]/.test(head) || head.length > HEAD_CHARS) break;
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  if (head === "") return;
  const parser = parse({
    delimiter: sniffDelimiter(head),
    relax_column_count: true,
    // A quote inside an unquoted cell (12" pipes) is text, as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  const source = Readable.from(
    (async function* () {
      yield head;
      yield* text;
    })(),
    { objectMode: false },
  );
  source.once("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(describeCsvError(error));
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
