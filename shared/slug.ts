import { transliterate } from "./transliterate";

/**
 * URL slug of a heading: Hindi and Tamil letters spelt in Latin ones, lower-cased, every run of characters
 * other than a-z and 0-9 turned into one hyphen, hyphens trimmed from both ends ("Build, Operate & Transfer!"
 * → "build-operate-transfer", "भारत क्यों" → "bharat-kyon").
 */
export function slugify(heading: string): string {
  return transliterate(heading)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Canonical address of a blog post: /blog/{id}-{slug} (just /blog/{id} when nothing of the heading can be spelt in a-z or 0-9). */
export function postPath(id: number, heading: string): string {
  const slug = slugify(heading);
  return slug ? `/blog/${id}-${slug}` : `/blog/${id}`;
}

const MAX_ID = 2_147_483_647;

/**
 * Reads "/blog/{idSlug}": the id is everything before the first dash and must be a plain positive
 * whole number ("12abc", "012", "-1", "1.5" and out-of-range numbers give null, never id 12).
 */
export function parseIdSlug(idSlug: string): { id: number; slug: string } | null {
  const dash = idSlug.indexOf("-");
  const idPart = dash === -1 ? idSlug : idSlug.slice(0, dash);
  if (!/^[1-9]\d{0,9}$/.test(idPart)) return null;
  const id = Number(idPart);
  if (id > MAX_ID) return null;
  return { id, slug: dash === -1 ? "" : idSlug.slice(dash + 1) };
}

/** The address of a post's link preview (og:image); it changes when the post does, so no cache keeps an old one. */
export const postPreviewPath = (id: number, updatedAt: Date | string) =>
  `/og/blog/${id}.jpg?v=${new Date(updatedAt).getTime()}`;
