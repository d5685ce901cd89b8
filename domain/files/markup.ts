/** Tags that make a browser treat bytes as a page that can run code, in lower case. */
export const PAGE_TAGS = ["!doctype", "html", "head", "body", "script", "svg", "iframe", "object", "embed"];

const LT = 0x3c;
const isWordByte = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);

/**
 * The first offset where `<tag` starts, for any of `tags` (ASCII, compared without case) followed by a byte
 * that cannot continue a tag name (as the regular expression `\b` would); -1 when there is none. Linear:
 * one pass, and a `<` is compared with the tags only when the byte after it can start one.
 */
export function findMarkup(bytes: Uint8Array, tags: readonly string[] = PAGE_TAGS): number {
  const wanted = tags.map((tag) => Buffer.from(tag.toLowerCase(), "latin1"));
  const starts = new Uint8Array(256);
  for (const tag of wanted) {
    starts[tag[0]!] = 1;
    if (tag[0]! >= 0x61 && tag[0]! <= 0x7a) starts[tag[0]! - 0x20] = 1;
  }
  const n = bytes.length;
  for (let at = 0; at + 1 < n; at++) {
    if (bytes[at] !== LT || !starts[bytes[at + 1]!]) continue;
    for (const tag of wanted) {
      let i = 0;
      while (i < tag.length && at + 1 + i < n && lower(bytes[at + 1 + i]!) === tag[i]) i++;
      const next = at + 1 + i;
      if (i === tag.length && (next >= n || !isWordByte(bytes[next]!))) return at;
    }
  }
  return -1;
}
