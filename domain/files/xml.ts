/**
 * A forward-only XML reader for the parts of an Office document: start tags with their attributes, end
 * tags and text, names without their prefix (so `x:instrText` under any prefix is `instrText`). Text and
 * attribute values are handed over as written (entities not yet decoded): the caller decodes only what it
 * reads, within a limit. Comments, processing instructions and declarations are skipped; CDATA is text.
 * Every character is looked at a fixed number of times: no regular expressions, no backtracking.
 */
export interface XmlHandler {
  /** Elements whose attributes are wanted; the others' tags are skipped without reading them. */
  wants(name: string): boolean;
  start?(name: string, attributes: Map<string, string>): void;
  end?(name: string): void;
  text?(raw: string, cdata: boolean): void;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

const isReferenceChar = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x23;

/**
 * `text` with `&name;`, `&#n;` and `&#xh;` replaced (an unknown or broken reference stays as written), cut
 * at `limit` characters. Linear: a reference is read only while its characters can belong to one.
 */
export function decodeEntities(text: string, limit = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let length = 0;
  let from = 0;
  for (let at = text.indexOf("&"); at >= 0 && length < limit; at = text.indexOf("&", at + 1)) {
    let semi = at + 1;
    while (semi < text.length && semi - at <= 12 && isReferenceChar(text.charCodeAt(semi))) semi++;
    if (text.charCodeAt(semi) !== 0x3b) continue;
    const body = text.slice(at + 1, semi);
    const decoded =
      body[0] === "#"
        ? codePoint(
            body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10),
          )
        : ENTITIES[body];
    if (decoded === undefined) continue;
    parts.push(text.slice(from, at), decoded);
    length += at - from + decoded.length;
    from = semi + 1;
    at = semi;
  }
  if (length < limit) parts.push(text.slice(from, from + (limit - length)));
  const out = parts.join("");
  return out.length > limit ? out.slice(0, limit) : out;
}

const codePoint = (n: number) =>
  Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** Calls the handler for each tag and text run of `xml`; a tag left open at the end ends the reading. */
export function readXml(xml: string, handler: XmlHandler) {
  let p = 0;
  const n = xml.length;
  while (p < n) {
    const lt = xml.indexOf("<", p);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > p) handler.text?.(xml.slice(p, textEnd), false);
    if (lt < 0) return;
    if (xml.startsWith("<!--", lt)) {
      const close = xml.indexOf("-->", lt + 4);
      if (close < 0) return;
      p = close + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const close = xml.indexOf("]]>", lt + 9);
      if (close < 0) return;
      handler.text?.(xml.slice(lt + 9, close), true);
      p = close + 3;
    } else if (xml[lt + 1] === "?" || xml[lt + 1] === "!") {
      const close = xml.indexOf(">", lt + 2);
      if (close < 0) return;
      p = close + 1;
    } else if (xml[lt + 1] === "/") {
      const close = xml.indexOf(">", lt + 2);
      if (close < 0) return;
      if (handler.end) {
        const name = localName(xml.slice(lt + 2, close).trim());
        if (handler.wants(name)) handler.end(name);
      }
      p = close + 1;
    } else {
      const next = readStartTag(xml, lt + 1, handler);
      if (next < 0) return;
      p = next;
    }
  }
}

/** Reads `name attr="v" …>` from `p`; answers where the tag ends, or -1 when it never does. */
function readStartTag(xml: string, p: number, handler: XmlHandler): number {
  const n = xml.length;
  let q = p;
  while (q < n && !isSpace(xml[q]) && xml[q] !== ">" && xml[q] !== "/") q++;
  const name = localName(xml.slice(p, q));
  const wanted = handler.wants(name);
  const attributes = new Map<string, string>();
  for (;;) {
    while (q < n && isSpace(xml[q])) q++;
    if (q >= n) return -1;
    if (xml[q] === ">") {
      if (wanted) handler.start?.(name, attributes);
      return q + 1;
    }
    if (xml[q] === "/") {
      if (xml[q + 1] !== ">") {
        q++;
        continue;
      }
      if (wanted) {
        handler.start?.(name, attributes);
        handler.end?.(name);
      }
      return q + 2;
    }
    const nameStart = q;
    while (q < n && !isSpace(xml[q]) && xml[q] !== "=" && xml[q] !== ">" && xml[q] !== "/") q++;
    const attributeEnd = q;
    while (q < n && isSpace(xml[q])) q++;
    if (xml[q] !== "=") continue;
    q++;
    while (q < n && isSpace(xml[q])) q++;
    const quote = xml[q];
    if (quote !== '"' && quote !== "'") continue;
    const close = xml.indexOf(quote, q + 1);
    if (close < 0) return -1;
    if (wanted) attributes.set(localName(xml.slice(nameStart, attributeEnd)), xml.slice(q + 1, close));
    q = close + 1;
  }
}
