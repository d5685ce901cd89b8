import { z } from "zod";

/**
 * Line breaks and other control characters: text that is one line in a mail has none. The bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are refused too: one reverses the text
 * after it ("Asha" + U+202E + "etorw" shows as "Ashawrote"), so a name could rewrite the subject or the line
 * around it. Right-to-left scripts need none of them.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
/**
 * What a mail program turns into a link: a scheme, "www.", an e-mail address, a path, or a domain name such
 * as "example.com" (a letter, a dot and two letters; "J. R." and "St. John" keep their space).
 */
const LINK = /:\/\/|\b(?:mailto|tel|sms|javascript):|www\.|@|[/\\]|[\p{L}\d]\.\p{L}{2,}/iu;

/** True when `text` holds something a mail program turns into a link (see LINK). */
export const looksLikeLink = (text: string) => LINK.test(text);

/** True when `text` is one line (no line break or other control character). */
export const isOneLine = (text: string) => !CONTROL.test(text);

/**
 * A visitor's name as the site's mail shows it ("Dear …", a subject): required, one line, no link, so the
 * form cannot be used to send someone else a message under our name.
 */
export const personName = (label: string, max = 100) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`)
    .refine(
      (v) => isOneLine(v) && !LINK.test(v),
      `Write your ${label} only: one line, without web or e-mail addresses`,
    );
