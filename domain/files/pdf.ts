/**
 * A PDF read as a reader reads its objects, in one pass over the bytes and one over each object stream's
 * decoded bytes: names are decoded (`/J#61vaScript` is /JavaScript), strings and stream data are skipped as
 * strings and data (text inside them is not syntax), object streams are decoded and parsed at their
 * declared offsets, and every budget (decoded bytes, values, nesting) stops the work as soon as it is spent.
 * Nothing here is quadratic: the lexer moves forward (looking back one token, or ahead two, at most), and
 * each region searched for `endstream` is then skipped.
 */
import { EOF, isRegular, KW, K_OBJ, K_STARTXREF, K_STREAM, K_TRAILER, Lexer, NUM } from "./pdf-lexer";
import {
  isDict,
  nameOf,
  Parser,
  PdfError,
  type PdfLimits,
  type PdfSummary,
  type PdfValue,
} from "./pdf-parser";
import { decodeStream, streamEnd, type StoredStream } from "./pdf-streams";

export { PdfError, type PdfLimits, type PdfProblem, type PdfSummary, type PdfValue } from "./pdf-parser";

/**
 * Reads a PDF's objects, its object streams' objects, its trailers and the dictionaries of its streams,
 * and answers what the checks need. Throws PdfError when the file cannot be read within the limits.
 */
export function readPdf(bytes: Uint8Array, watched: ReadonlySet<string>, limits: PdfLimits): PdfSummary {
  const names = new Set<string>();
  const onName = (name: string) => {
    if (watched.has(name)) names.add(name);
  };
  const objects = new Map<number, PdfValue>();
  const triggers: PdfValue[] = [];
  let crossReference = false;
  let encrypted = false;
  const objectStreams: StoredStream[] = [];
  const parser = new Parser(limits, (dict) => {
    const open = dict.get("OpenAction");
    if (open !== undefined) triggers.push(open);
    const additional = dict.get("AA");
    if (additional !== undefined) triggers.push(additional);
    if (dict.has("Encrypt")) encrypted = true;
    if (nameOf(dict.get("Type")) === "XRef") crossReference = true;
  });

  let topObjects = 0;
  const lexer = new Lexer(bytes, 0, bytes.length, onName);
  // The last two integers read at the top level: `N G obj` names the object that follows.
  let before: number | null = null;
  let last: number | null = null;
  for (;;) {
    const type = lexer.next();
    if (type === EOF) break;
    if (type === NUM) {
      before = last;
      last = lexer.integer ? lexer.number : null;
      continue;
    }
    const number = before;
    before = last = null;
    if (type !== KW) continue;
    const keyword = lexer.keyword;
    if (keyword === K_STARTXREF) crossReference = true;
    else if (keyword === K_TRAILER) parser.value(lexer);
    else if (keyword === K_OBJ) {
      topObjects++;
      const value = parser.value(lexer);
      if (number !== null && value !== undefined) objects.set(number, value);
      const mark = lexer.pos;
      if (isDict(value) && lexer.next() === KW && lexer.keyword === K_STREAM) {
        // Data starts after the end of the `stream` line (CRLF or LF).
        let start = lexer.pos;
        if (bytes[start] === 0x0d) start++;
        if (bytes[start] === 0x0a) start++;
        const { end, next } = streamEnd(bytes, start, value.get("Length"));
        const stream = { dict: value, start, end };
        if (nameOf(value.get("Type")) === "ObjStm") objectStreams.push(stream);
        else if (value.get("Filter") === undefined) scanNames(bytes, start, end, onName);
        lexer.pos = next;
      } else lexer.pos = mark;
    }
  }

  if (objectStreams.length > 0 && encrypted) throw new PdfError("encrypted");
  const budget = { left: limits.maxDecodedBytes };
  for (const stream of objectStreams) {
    const data = decodeStream(bytes, stream, budget);
    readObjectStream(data, stream.dict, parser, onName, objects);
  }

  return {
    objects: topObjects,
    crossReference,
    names,
    automaticActions: automaticActions(triggers, objects),
  };
}

/** Names in data that is PDF syntax without a filter (a plain content stream): strings stay strings. */
function scanNames(bytes: Uint8Array, start: number, end: number, onName: (name: string) => void) {
  const lexer = new Lexer(bytes, start, end, onName);
  while (lexer.next() !== EOF);
}

/**
 * An object stream's objects, each parsed where the stream's header says it starts (as a reader finds it)
 * and only up to where the next one starts: offsets that go back or a value that runs into the next object
 * are a damaged file, never a reason to read the same bytes twice.
 */
function readObjectStream(
  data: Uint8Array,
  dict: Map<string, PdfValue>,
  parser: Parser,
  onName: (name: string) => void,
  objects: Map<number, PdfValue>,
) {
  const count = dict.get("N");
  const first = dict.get("First");
  if (typeof count !== "number" || typeof first !== "number" || first < 0 || first > data.length)
    throw new PdfError("damaged");
  const header = new Lexer(data, 0, first, onName);
  const entries: { number: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (header.next() !== NUM) throw new PdfError("damaged");
    const number = header.number;
    if (header.next() !== NUM) throw new PdfError("damaged");
    entries.push({ number, offset: first + header.number });
  }
  entries.forEach((entry, i) => {
    const end = entries[i + 1]?.offset ?? data.length;
    if (!(entry.offset >= first && entry.offset <= end && end <= data.length)) throw new PdfError("damaged");
    const lexer = new Lexer(data, entry.offset, end, onName);
    const value = parser.value(lexer);
    // A reader does not stop where the next object starts: a value cut there (or a token that would go on
    // past it, `/Ja` then `vaScript`) would read differently, so it is refused rather than guessed.
    const cut = lexer.pos >= end && end < data.length && isRegular(data[end - 1]!) && isRegular(data[end]!);
    if (!parser.complete || cut) throw new PdfError("damaged");
    if (value !== undefined) objects.set(entry.number, value);
  });
}

/** The type of every action that runs without a click, following references and /Next chains once each. */
function automaticActions(triggers: PdfValue[], objects: Map<number, PdfValue>): string[] {
  const found: string[] = [];
  const seen = new Set<number>();
  const resolve = (value: PdfValue | undefined): PdfValue | undefined => {
    if (value && typeof value === "object" && "ref" in value) {
      if (seen.has(value.ref)) return undefined;
      seen.add(value.ref);
      return objects.get(value.ref);
    }
    return value;
  };
  const actions: PdfValue[] = [];
  for (const trigger of triggers) {
    const value = resolve(trigger);
    if (!isDict(value)) continue; // an /OpenAction array is a page to show, not an action
    if (value.has("S")) actions.push(value);
    else for (const entry of value.values()) actions.push(entry); // /AA: one action per event
  }
  while (actions.length > 0) {
    const action = resolve(actions.pop());
    if (Array.isArray(action)) {
      for (const item of action) actions.push(item);
      continue;
    }
    if (!isDict(action)) continue;
    const type = nameOf(action.get("S"));
    if (type) found.push(type);
    const next = action.get("Next");
    if (next !== undefined) actions.push(next);
  }
  return found;
}
