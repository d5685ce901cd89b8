/** Tags that make a browser treat bytes as a page that can run code, in lower case. */
export const PAGE_TAGS = ["!doctype", "html", "head", "body", "script", "svg", "iframe", "object", "embed"];

const LT = 0x3c;
const isWordByte = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);

/**
 * The first offset where `<tag` starts, for any of `tags` (ASCII, compared without case) followed by a byte
 * that cannot continue a tag name (as the regular expression `\b` would); -1 when there is none. Linear:
 * the search jumps from `<` to `<`, and each is compared with each (short) tag once.
 */
export function findMarkup(bytes: Uint8Array, tags: readonly string[] = PAGE_TAGS): number {
  const wanted = tags.map((tag) => Buffer.from(tag.toLowerCase(), "latin1"));
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = view.indexOf(LT); at >= 0; at = view.indexOf(LT, at + 1)) {
    for (const tag of wanted) {
      let i = 0;
      while (i < tag.length && at + 1 + i < view.length && lower(view[at + 1 + i]!) === tag[i]) i++;
      const next = at + 1 + i;
      if (i === tag.length && (next >= view.length || !isWordByte(view[next]!))) return at;
    }
  }
  return -1;
}
