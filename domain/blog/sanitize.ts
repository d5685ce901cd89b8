import sanitizeHtml from "sanitize-html";
import { isAllowedImageSource } from "#shared/image-sources.ts";

/**
 * The only HTML we ever serve from the database: structural and inline formatting tags, links to
 * http(s)/mailto/tel, images from uploads, the site's images or a listed https host
 * (shared/image-sources.ts; any other <img> is dropped whole, so a post cannot make its readers' browsers
 * request `/refresh_token` or an API path). No scripts, event handlers, styles, classes, frames, forms or
 * SVG survive; text inside dropped tags like <script> is removed with them.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    ol: ["start"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSource(frame.attribs.src ?? ""),
  transformTags: {
    // The page heading is the only <h1>; body headings start one level below it.
    h1: "h2",
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      // A new tab must not get a handle on this page.
      return target === "_blank"
        ? { tagName, attribs: { ...rest, target, rel: "noopener noreferrer" } }
        : { tagName, attribs: Object.fromEntries(Object.entries(rest).filter(([k]) => k !== "rel")) };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to place inside HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);
