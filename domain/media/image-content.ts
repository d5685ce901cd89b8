import { DomainError } from "../errors";
import { findMarkup, PAGE_TAGS } from "../files/markup";

/** An image refuses markup a browser could run, and an XML prologue (an SVG's first line). */
const IMAGE_MARKUP = [...PAGE_TAGS, "?xml"];

/**
 * Refuses web page code hiding in an image (an SVG renamed, HTML appended to a JPEG, a script in a comment
 * segment): runs in the inspection pool (domain/files/inspection.ts), before sharp decodes anything.
 */
export function checkImageContent(bytes: Uint8Array) {
  if (findMarkup(bytes, IMAGE_MARKUP) >= 0)
    throw new DomainError(
      "invalid",
      "This file contains web page code and was refused. Upload a plain JPEG, PNG, WebP or AVIF image.",
    );
}
