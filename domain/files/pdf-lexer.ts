/** The PDF lexer: byte classes, tokens and keywords (PDF 32000-1 7.2), read forward only. */
// Byte classes (PDF 32000-1 7.2.2).
export const WHITE = new Uint8Array(256);
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[b] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;
export const isRegular = (b: number) => !WHITE[b] && !DELIM[b];
export const hexValue = (b: number) =>
  b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 55 : b >= 0x61 && b <= 0x66 ? b - 87 : -1;
/** Longer names are kept as a marker that equals nothing we look for (the format's limit is 127 bytes). */
const MAX_NAME_BYTES = 384;

// Token types: the lexer keeps the current token in its fields, so reading one allocates nothing.
export const EOF = 0;
export const NUM = 1;
export const NAME = 2;
export const KW = 3;
export const STR = 4;
export const DICT = 5;
const DICT_END = 6;
export const ARRAY = 7;
const ARRAY_END = 8;
export const JUNK = 9;

// The keywords that matter, told apart by their bytes without making a string of every word.
const K_OTHER = 0;
export const K_OBJ = 1;
const K_ENDOBJ = 2;
export const K_STREAM = 3;
const K_ENDSTREAM = 4;
const K_XREF = 5;
export const K_TRAILER = 6;
export const K_STARTXREF = 7;
export const K_R = 8;
export const K_TRUE = 9;
export const K_FALSE = 10;
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
export const ENDS_OBJECT = new Set([K_OBJ, K_ENDOBJ, K_STREAM, K_ENDSTREAM, K_XREF, K_TRAILER, K_STARTXREF]);

export const ENDSTREAM = Buffer.from("endstream", "latin1");

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
export class Lexer {
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
