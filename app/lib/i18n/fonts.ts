import devanagari400 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import tamil400 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url";
import tamil700 from "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url";
import type { BlogLanguage } from "#shared/blog-languages.ts";

/**
 * The font files a page in each language draws its text with: the same files app.css's `@font-face` rules
 * name (Vite gives both the one hashed address), so a preload is the download the stylesheet uses.
 */
const FILES: Record<BlogLanguage, readonly string[]> = {
  English: [],
  Hindi: [devanagari400],
  Tamil: [tamil400, tamil700],
};

/**
 * `<link rel="preload">` for the faces of a page in `language` (a route's meta). Without it the browser asks
 * for a face only once the stylesheet is in and the text laid out, so the first paint shows the fallback and
 * the face swapping in moves the text (Lighthouse: CLS 0.216 on the Hindi post). `crossorigin`: fonts are
 * fetched in CORS mode, and a preload of another mode would be a second download.
 */
export const fontPreloads = (language: BlogLanguage) =>
  FILES[language].map((href) => ({
    tagName: "link" as const,
    rel: "preload",
    as: "font",
    type: "font/woff2",
    href,
    crossOrigin: "anonymous" as const,
  }));
