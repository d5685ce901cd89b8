/**
 * The sources of a team member's portrait. Every upload (`POST /api/uploads`, `?shape=square` for a portrait:
 * cropped square, 600 px at most) is stored as AVIF and WebP under the same name, and its address names the
 * WebP: `/media/{id}/{side}.webp`. The page offers the AVIF first and the WebP as the fallback; any other
 * address (a site picture such as /images/team/…) is shown as it is.
 */
const UPLOAD = /^(\/media\/[0-9a-f]{32}\/\d{1,4})\.webp$/;

/** The AVIF beside an uploaded WebP, or null for any other address. */
export function avifOf(image: string): string | null {
  const match = UPLOAD.exec(image);
  return match ? `${match[1]}.avif` : null;
}

/** A member's initials, shown when there is no photo ("Kavita Iyer" → "KI"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join("");
}

/** A member's own page. */
export const leaderPath = (slug: string) => `/leadership/${slug}`;
