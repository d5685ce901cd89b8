/** The PDF parser: values, dictionaries and their limits, over the lexer's tokens. */
import { ARRAY, DICT, ENDS_OBJECT, EOF, JUNK, KW, K_FALSE, K_R, K_TRUE, NAME, NUM, STR } from "./pdf-lexer";
import type { Lexer } from "./pdf-lexer";
import { FileError } from "./file-error";

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

export class PdfError extends FileError<PdfProblem> {}

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

/** One shared value for every string: their text is never needed. */
const STRING: PdfValue = Object.freeze({ string: true as const });

interface Frame {
  items: PdfValue[];
  dict: boolean;
}

export class Parser {
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

export const nameOf = (value: PdfValue | undefined) =>
  value && typeof value === "object" && "name" in value ? value.name : undefined;
export const isDict = (value: PdfValue | undefined): value is Map<string, PdfValue> => value instanceof Map;
