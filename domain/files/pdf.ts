import { constants, inflateSync } from "node:zlib";

/**
 * A PDF read as a reader reads its objects, in one pass over the bytes and one over each object stream's
 * decoded bytes: names are decoded (`/J#61vaScript` is /JavaScript), strings and stream data are skipped as
 * strings and data (text inside them is not syntax), object streams are decoded and parsed at their
 * declared offsets, and every budget (decoded bytes, values, nesting) stops the work as soon as it is spent.
 * Nothing here is quadratic: the lexer moves forward (looking back one token, or ahead two, at most), and
 * each region searched for `endstream` is then skipped.
 */

export type PdfValue =
  | number
  | boolean
  | null
  | { name: string }
  | { string: true }
  | { ref: number }
  | PdfValue[]
  | Map<string, PdfValue>;

export interface PdfLimits {
  /** Most bytes all object streams may decode to, together; the inflate stops as soon as it is passed. */
  maxDecodedBytes: number;
  /** Most values (numbers, names, strings, arrays, dictionaries) in the whole file. */
  maxValues: number;
  /** Deepest nesting of arrays and dictionaries. */
  maxDepth: number;
}

/** Why a PDF could not be read to the end: each has its own message (domain/careers/cv-pdf.ts). */
export type PdfProblem = "damaged" | "too-large" | "undecodable" | "encrypted";

export class PdfError extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem);
  }
}

export interface PdfSummary {
  /** Objects (`N G obj`) in the file itself, outside object streams. */
  objects: number;
  /** A `startxref` keyword or a cross-reference stream (`/Type /XRef`). */
  crossReference: boolean;
  /** Every distinct name of `watched` that occurs anywhere a reader would read a name. */
  names: Set<string>;
  /** The type (`/S`) of each action that runs by itself: an /OpenAction or an /AA entry, and their /Next. */
  automaticActions: string[];
}

// Byte classes (PDF 32000-1 7.2.2).
const WHITE = new Uint8Array(256);
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[b] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;
const isRegular = (b: number) => !WHITE[b] && !DELIM[b];
const hexValue = (b: number) =>
  b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 55 : b >= 0x61 && b <= 0x66 ? b - 87 : -1;
/** Longer names are kept as a marker that equals nothing we look for (the format's limit is 127 bytes). */
const MAX_NAME_BYTES = 384;

// Token types: the lexer keeps the current token in its fields, so reading one allocates nothing.
const EOF = 0;
const NUM = 1;
const NAME = 2;
const KW = 3;
const STR = 4;
const DICT = 5;
const DICT_END = 6;
const ARRAY = 7;
const ARRAY_END = 8;
const JUNK = 9;

// The keywords that matter, told apart by their bytes without making a string of every word.
const K_OTHER = 0;
const K_OBJ = 1;
const K_ENDOBJ = 2;
const K_STREAM = 3;
const K_ENDSTREAM = 4;
const K_XREF = 5;
const K_TRAILER = 6;
const K_STARTXREF = 7;
const K_R = 8;
const K_TRUE = 9;
const K_FALSE = 10;
const K_NULL = 11;
const KEYWORDS: [string, number][] = [
  ["obj", K_OBJ],
  ["endobj", K_ENDOBJ],
  ["stream", K_STREAM],
  ["endstream", K_ENDSTREAM],
  ["xref", K_XREF],
  ["trailer", K_TRAILER],
  ["startxref", K_STARTXREF],
  ["R", K_R],
  ["true", K_TRUE],
  ["false", K_FALSE],
  ["null", K_NULL],
];
const KEYWORD_BYTES = KEYWORDS.map(([word, id]) => [Buffer.from(word, "latin1"), id] as const);
/** Keywords that end an object however many containers are open (a damaged file forgot to close them). */
const ENDS_OBJECT = new Set([K_OBJ, K_ENDOBJ, K_STREAM, K_ENDSTREAM, K_XREF, K_TRAILER, K_STARTXREF]);

const ENDSTREAM = Buffer.from("endstream", "latin1");

function keywordOf(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length > 9) return K_OTHER;
  for (const [word, id] of KEYWORD_BYTES) {
    if (word.length !== length) continue;
    let i = 0;
    while (i < length && bytes[start + i] === word[i]) i++;
    if (i === length) return id;
  }
  return K_OTHER;
}

/**
 * A forward-only lexer over `bytes[start, end)`. `next()` reads one token into `type` (and `number`,
 * `integer`, `keyword` or `name`); `pos` can be saved and restored to read tokens again.
 */
class Lexer {
  pos: number;
  type = EOF;
  number = 0;
  integer = false;
  keyword = K_OTHER;
  name = "";
  /** Where the current token starts. */
  tokenStart = 0;
  private readonly view: Buffer;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
    private readonly onName: (name: string) => void,
  ) {
    this.pos = start;
    this.view = Buffer.from(bytes.buffer, bytes.byteOffset, end);
  }

  next(): number {
    const { bytes, end } = this;
    let p = this.pos;
    for (;;) {
      while (p < end && WHITE[bytes[p]!]) p++;
      if (p < end && bytes[p] === 0x25) {
        // A comment runs to the end of its line.
        while (p < end && bytes[p] !== 0x0a && bytes[p] !== 0x0d) p++;
        continue;
      }
      break;
    }
    this.tokenStart = p;
    if (p >= end) {
      this.pos = end;
      return (this.type = EOF);
    }
    const b = bytes[p]!;
    if (b === 0x28) {
      // A literal string: balanced parentheses, a backslash escapes the next byte.
      let depth = 1;
      p++;
      while (p < end && depth > 0) {
        const c = bytes[p]!;
        if (c === 0x5c) p++;
        else if (c === 0x28) depth++;
        else if (c === 0x29) depth--;
        p++;
      }
      this.pos = Math.min(p, end);
      return (this.type = STR);
    }
    if (b === 0x3c) {
      if (bytes[p + 1] === 0x3c && p + 1 < end) {
        this.pos = p + 2;
        return (this.type = DICT);
      }
      const close = this.view.indexOf(0x3e, p + 1);
      this.pos = close < 0 ? end : close + 1;
      return (this.type = STR);
    }
    if (b === 0x3e) {
      const pair = bytes[p + 1] === 0x3e && p + 1 < end;
      this.pos = p + (pair ? 2 : 1);
      return (this.type = pair ? DICT_END : JUNK);
    }
    if (b === 0x5b || b === 0x5d) {
      this.pos = p + 1;
      return (this.type = b === 0x5b ? ARRAY : ARRAY_END);
    }
    if (b === 0x2f) {
      // A name: regular bytes after the slash, #xx is the byte xx.
      let q = p + 1;
      let escaped = false;
      while (q < end && isRegular(bytes[q]!)) {
        if (bytes[q] === 0x23) escaped = true;
        q++;
      }
      this.pos = q;
      this.name =
        q - p - 1 > MAX_NAME_BYTES
          ? "\u0000long"
          : escaped
            ? decodeName(bytes, p + 1, q)
            : this.view.toString("latin1", p + 1, q);
      this.onName(this.name);
      return (this.type = NAME);
    }
    if (!isRegular(b)) {
      // ) { } and a stray delimiter: nothing a value is made of.
      this.pos = p + 1;
      return (this.type = JUNK);
    }
    let q = p;
    while (q < end && isRegular(bytes[q]!)) q++;
    this.pos = q;
    if (this.readNumber(p, q)) return (this.type = NUM);
    this.keyword = keywordOf(bytes, p, q);
    return (this.type = KW);
  }

  /** Reads a PDF number (sign, digits, at most one point) from a regular token; false if it is none. */
  private readNumber(start: number, end: number): boolean {
    const { bytes } = this;
    let i = start;
    const negative = bytes[i] === 0x2d;
    if (negative || bytes[i] === 0x2b) i++;
    let value = 0;
    let scale = 0;
    let digits = 0;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c >= 0x30 && c <= 0x39) {
        digits++;
        value = value * 10 + (c - 0x30);
        if (scale) scale *= 10;
      } else if (c === 0x2e && !scale) scale = 1;
      else return false;
    }
    if (digits === 0) return false;
    this.number = (negative ? -value : value) / (scale || 1);
    this.integer = scale === 0 && Number.isSafeInteger(value);
    return true;
  }
}

function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b === 0x23 && i + 2 < end) {
      const hi = hexValue(bytes[i + 1]!);
      const lo = hexValue(bytes[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        out += String.fromCharCode(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += String.fromCharCode(b);
  }
  return out;
}

/** One shared value for every string: their text is never needed. */
const STRING: PdfValue = Object.freeze({ string: true as const });

interface Frame {
  items: PdfValue[];
  dict: boolean;
}

class Parser {
  values = 0;
  /** Whether the last value() ended with its own last token, not at the end of the bytes or an object's end. */
  complete = false;
  constructor(
    private readonly limits: PdfLimits,
    private readonly onDict: (dict: Map<string, PdfValue>) => void,
  ) {}

  private count() {
    if (++this.values > this.limits.maxValues) throw new PdfError("damaged");
  }

  private finish(frame: Frame): PdfValue {
    if (!frame.dict) return frame.items;
    const dict = new Map<string, PdfValue>();
    for (let i = 0; i + 1 < frame.items.length; i += 2) {
      const key = frame.items[i];
      if (key && typeof key === "object" && "name" in key) dict.set(key.name, frame.items[i + 1]!);
    }
    this.onDict(dict);
    return dict;
  }

  /** Closes whatever is open (an object ended early) and answers the outermost value. */
  private closeAll(stack: Frame[]): PdfValue | undefined {
    let value: PdfValue | undefined;
    while (stack.length > 0) {
      value = this.finish(stack.pop()!);
      if (stack.length > 0) stack[stack.length - 1]!.items.push(value);
    }
    return value;
  }

  /**
   * One value from the lexer, arrays and dictionaries read with an explicit stack (no recursion, so no
   * nesting is deep enough to overflow). Calls `onDict` for every dictionary once it is complete.
   */
  value(lexer: Lexer): PdfValue | undefined {
    const stack: Frame[] = [];
    this.complete = false;
    for (;;) {
      const type = lexer.next();
      let value: PdfValue;
      if (type === EOF) return this.closeAll(stack);
      if (type === JUNK) continue;
      if (type === KW) {
        const keyword = lexer.keyword;
        if (ENDS_OBJECT.has(keyword)) {
          // Left for the caller, which reads the file's structure.
          lexer.pos = lexer.tokenStart;
          return this.closeAll(stack);
        }
        if (keyword === K_R) {
          const items = stack[stack.length - 1]?.items;
          const generation = items?.[items.length - 1];
          const number = items?.[items.length - 2];
          if (items && typeof generation === "number" && typeof number === "number") {
            items.length -= 2;
            items.push({ ref: number });
          }
          continue;
        }
        value = keyword === K_TRUE ? true : keyword === K_FALSE ? false : null;
      } else if (type === NUM) {
        value = lexer.number;
        if (stack.length === 0) {
          this.count();
          // A reference at the top of an object (`5 0 R`) is three tokens.
          const mark = lexer.pos;
          if (lexer.next() === NUM && lexer.next() === KW && lexer.keyword === K_R) {
            this.complete = true;
            return { ref: value };
          }
          lexer.pos = mark;
          this.complete = true;
          return value;
        }
      } else if (type === NAME) value = { name: lexer.name };
      else if (type === STR) value = STRING;
      else if (type === ARRAY || type === DICT) {
        this.count();
        if (stack.length >= this.limits.maxDepth) throw new PdfError("damaged");
        stack.push({ items: [], dict: type === DICT });
        continue;
      } else {
        // ] or >>: closes the innermost container (a stray one closes nothing).
        const frame = stack.pop();
        if (!frame) continue;
        value = this.finish(frame);
        if (stack.length === 0) {
          this.complete = true;
          return value;
        }
        stack[stack.length - 1]!.items.push(value);
        continue;
      }
      this.count();
      if (stack.length === 0) {
        this.complete = true;
        return value;
      }
      stack[stack.length - 1]!.items.push(value);
    }
  }
}

const nameOf = (value: PdfValue | undefined) =>
  value && typeof value === "object" && "name" in value ? value.name : undefined;
const isDict = (value: PdfValue | undefined): value is Map<string, PdfValue> => value instanceof Map;

interface StoredStream {
  dict: Map<string, PdfValue>;
  start: number;
  end: number;
}

/** Decodes an object stream's data through its filters, spending the shared budget; throws PdfError. */
function decodeStream(bytes: Uint8Array, stream: StoredStream, budget: { left: number }): Uint8Array {
  const filter = stream.dict.get("Filter");
  const params = stream.dict.get("DecodeParms");
  const filters = Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
  const paramList = Array.isArray(params) ? params : [params];
  let data: Uint8Array = bytes.subarray(stream.start, stream.end);
  filters.forEach((entry, i) => {
    const parms = paramList[i];
    const predictor = isDict(parms) ? parms.get("Predictor") : undefined;
    if (typeof predictor === "number" && predictor > 1) throw new PdfError("undecodable");
    switch (nameOf(entry)) {
      case "FlateDecode":
      case "Fl":
        data = inflate(data, budget);
        break;
      case "ASCIIHexDecode":
      case "AHx":
        data = fromHex(data);
        break;
      case "ASCII85Decode":
      case "A85":
        data = fromAscii85(data);
        break;
      default:
        throw new PdfError("undecodable");
    }
  });
  return data;
}

function inflate(data: Uint8Array, budget: { left: number }): Uint8Array {
  let out: Buffer;
  try {
    // maxOutputLength ends the inflate as soon as its output passes the budget, not after.
    out = inflateSync(data, { maxOutputLength: budget.left + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PdfError("too-large");
    throw new PdfError("damaged");
  }
  if (out.length > budget.left) throw new PdfError("too-large");
  budget.left -= out.length;
  return out;
}

function fromHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const b of data) {
    if (b === 0x3e) break;
    const v = hexValue(b);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = high * 16 + v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high * 16;
  return out.subarray(0, n);
}

function fromAscii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 5) * 4 + data.length * 4);
  let n = 0;
  let group = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (b === 0x7e) break;
    if (WHITE[b]) continue;
    if (b === 0x7a && count === 0) {
      out.fill(0, n, n + 4);
      n += 4;
      continue;
    }
    if (b < 0x21 || b > 0x75) throw new PdfError("damaged");
    group = group * 85 + (b - 0x21);
    if (++count === 5) {
      out[n++] = (group >>> 24) & 0xff;
      out[n++] = (group >>> 16) & 0xff;
      out[n++] = (group >>> 8) & 0xff;
      out[n++] = group & 0xff;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let k = count; k < 5; k++) group = group * 85 + 84;
    for (let k = 0; k < count - 1; k++) out[n++] = (group >>> (24 - 8 * k)) & 0xff;
  }
  return out.subarray(0, n);
}

/** Where a stream's data ends: its /Length when `endstream` follows it there, else the next `endstream`. */
function streamEnd(
  bytes: Uint8Array,
  start: number,
  length: PdfValue | undefined,
): { end: number; next: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    typeof length === "number" &&
    Number.isInteger(length) &&
    length >= 0 &&
    start + length <= bytes.length
  ) {
    let p = start + length;
    while (p < bytes.length && WHITE[bytes[p]!]) p++;
    if (view.subarray(p, p + ENDSTREAM.length).equals(ENDSTREAM))
      return { end: start + length, next: p + ENDSTREAM.length };
  }
  const at = view.indexOf(ENDSTREAM, start);
  if (at < 0) return { end: bytes.length, next: bytes.length };
  return { end: at, next: at + ENDSTREAM.length };
}

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
