/**
 * A forward-only XML reader for the parts of an Office document: start tags with their attributes, end
 * tags and text, names without their prefix (so `x:instrText` under any prefix is `instrText`), entities
 * and character references decoded. Comments, processing instructions and declarations are skipped; CDATA
 * is text. Every byte is looked at a fixed number of times: no regular expressions, no backtracking.
 */
export interface XmlHandler {
  start?(name: string, attributes: Map<string, string>, selfClosing: boolean): void;
  end?(name: string): void;
  text?(text: string): void;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Text with `&name;`, `&#n;` and `&#xh;` replaced; an unknown or broken reference stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  let out = "";
  let from = 0;
  for (let at = text.indexOf("&"); at >= 0; at = text.indexOf("&", from)) {
    const semi = text.indexOf(";", at);
    // A reference is short; looking further would read the rest of the text once per "&".
    if (semi < 0 || semi - at > 12) {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    const body = text.slice(at + 1, semi);
    let decoded: string | undefined;
    if (body.startsWith("#x") || body.startsWith("#X")) decoded = codePoint(parseInt(body.slice(2), 16));
    else if (body.startsWith("#")) decoded = codePoint(parseInt(body.slice(1), 10));
    else decoded = ENTITIES[body];
    if (decoded === undefined) {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    out += text.slice(from, at) + decoded;
    from = semi + 1;
  }
  return out + text.slice(from);
}

const codePoint = (n: number) => (Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined);
const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** Calls the handler for each tag and text run of `xml`; a tag left open at the end ends the reading. */
export function readXml(xml: string, handler: XmlHandler) {
  let p = 0;
  const n = xml.length;
  while (p < n) {
    const lt = xml.indexOf("<", p);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > p && handler.text) handler.text(decodeEntities(xml.slice(p, textEnd)));
    if (lt < 0) return;
    if (xml.startsWith("<!--", lt)) {
      const close = xml.indexOf("-->", lt + 4);
      if (close < 0) return;
      p = close + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const close = xml.indexOf("]]>", lt + 9);
      if (close < 0) return;
      handler.text?.(xml.slice(lt + 9, close));
      p = close + 3;
    } else if (xml[lt + 1] === "?" || xml[lt + 1] === "!") {
      const close = xml.indexOf(">", lt + 2);
      if (close < 0) return;
      p = close + 1;
    } else if (xml[lt + 1] === "/") {
      const close = xml.indexOf(">", lt + 2);
      if (close < 0) return;
      handler.end?.(localName(xml.slice(lt + 2, close).trim()));
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
  const attributes = new Map<string, string>();
  for (;;) {
    while (q < n && isSpace(xml[q])) q++;
    if (q >= n) return -1;
    if (xml[q] === ">") {
      handler.start?.(name, attributes, false);
      return q + 1;
    }
    if (xml[q] === "/") {
      if (xml[q + 1] !== ">") {
        q++;
        continue;
      }
      handler.start?.(name, attributes, true);
      handler.end?.(name);
      return q + 2;
    }
    const nameStart = q;
    while (q < n && !isSpace(xml[q]) && xml[q] !== "=" && xml[q] !== ">" && xml[q] !== "/") q++;
    const attribute = localName(xml.slice(nameStart, q));
    while (q < n && isSpace(xml[q])) q++;
    if (xml[q] !== "=") continue;
    q++;
    while (q < n && isSpace(xml[q])) q++;
    const quote = xml[q];
    if (quote !== '"' && quote !== "'") continue;
    const close = xml.indexOf(quote, q + 1);
    if (close < 0) return -1;
    attributes.set(attribute, decodeEntities(xml.slice(q + 1, close)));
    q = close + 1;
  }
}
