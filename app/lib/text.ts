/** Card descriptions longer than this are cut with an ellipsis (spec section 9). */
export const CARD_TEXT_LIMIT = 250;

export const ELLIPSIS = "…";

/**
 * Shortens `text` to at most `max` characters followed by an ellipsis; text within the limit is returned
 * unchanged. A word the limit falls in is left out whole (only a single word longer than the limit is cut),
 * and trailing spaces and punctuation before the ellipsis are dropped.
 */
export function truncate(text: string, max: number = CARD_TEXT_LIMIT): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join("");
  if (/\S/.test(chars[max]!)) cut = cut.replace(/\s+\S*$/u, "") || cut;
  return cut.replace(/[\s,;:.\-–—]+$/u, "") + ELLIPSIS;
}

/** `tel:` target for a displayed phone number (kept free of Zod so the site shell stays small). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
