/** Object stream data: its filters (Flate, ASCIIHex, ASCII85) decoded within a byte budget, and where it ends. */
import { ENDSTREAM, hexValue, WHITE } from "./pdf-lexer";
import { isDict, nameOf, PdfError, type PdfValue } from "./pdf-parser";
import { constants, inflateSync } from "node:zlib";

export interface StoredStream {
  dict: Map<string, PdfValue>;
  start: number;
  end: number;
}

/** Decodes an object stream's data through its filters, spending the shared budget; throws PdfError. */
export function decodeStream(bytes: Uint8Array, stream: StoredStream, budget: { left: number }): Uint8Array {
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
export function streamEnd(
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
