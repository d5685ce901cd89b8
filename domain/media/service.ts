import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Metadata } from "sharp";
import type { Database } from "../../db/client";
import { mediaFiles } from "../../db/schema/index";
import { HttpError } from "../errors";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const WIDTHS = [480, 960, 1600] as const;
// sharp reports AVIF as HEIF compressed with AV1; other HEIF files are refused.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

export interface StoredImage {
  id: string;
  /** Middle width WebP, for a plain <img src>. */
  url: string;
  srcset: string;
  avifSrcset: string;
  width: number;
  height: number;
}

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

// What a stored variant is called: `<width>.<webp|avif>`; anything else cannot exist.
const MEDIA_ID = /^[0-9a-f]{32}$/;
const MEDIA_FILE = /^(\d{1,4})\.(webp|avif)$/;
const CONTENT_TYPES = { webp: "image/webp", avif: "image/avif" } as const;

/** A client file name is never used for storage; this only refuses names that try to escape a folder. */
export function assertSafeFileName(name: string | undefined) {
  // Separators, "..", control characters, and the same spelled percent-encoded (%2e %2f %5c %00).
  if (name && (/[/\\]|\.\./.test(name) || /[\p{Cc}]/u.test(name) || /%(2e|2f|5c|00)/i.test(name))) {
    throw new HttpError(400, "The file name is not allowed. Rename the file and try again.");
  }
}

/**
 * Accepts JPEG, PNG, WebP and AVIF by their content (not their name), refuses markup hiding in an image,
 * and re-encodes to WebP and AVIF at responsive widths with all metadata stripped, under a server-chosen id.
 * Variants are stored in the database (docs/decisions/0002-media-in-database.md), all of an image's in
 * one transaction, so every instance serves every image and no half-stored image is ever visible.
 */
export function createMediaService(db: Database) {
  return {
    /** One stored variant, or null when there is none by that name. */
    async getFile(id: string, file: string): Promise<MediaFile | null> {
      if (!MEDIA_ID.test(id) || !MEDIA_FILE.test(file)) return null;
      const [row] = await db
        .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.id, id), eq(mediaFiles.file, file)));
      return row ?? null;
    },

    async storeImage(buffer: Buffer): Promise<StoredImage> {
      if (buffer.length === 0) throw new HttpError(400, "The file is empty.");
      if (buffer.length > MAX_UPLOAD_BYTES) throw new HttpError(413, "Images must be 10 MB or smaller.");
      if (MARKUP.test(buffer.toString("latin1"))) {
        throw new HttpError(
          400,
          "This file contains web page code and was refused. Upload a plain JPEG, PNG, WebP or AVIF image.",
        );
      }
      // Loaded with the first upload, not at start-up: libvips costs ~32 MB resident.
      const { default: sharp } = await import("sharp");
      let meta: Metadata;
      try {
        meta = await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata();
      } catch {
        throw new HttpError(
          400,
          "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
        );
      }
      if (
        !meta.format ||
        !ACCEPTED_FORMATS.has(meta.format) ||
        (meta.format === "heif" && meta.compression !== "av1")
      ) {
        throw new HttpError(
          400,
          `Images must be JPEG, PNG, WebP or AVIF${meta.format ? ` (this file is ${meta.format.toUpperCase()})` : ""}.`,
        );
      }

      const id = randomUUID().replace(/-/g, "");
      const variants: { id: string; file: string; contentType: string; bytes: Buffer }[] = [];
      let unique: number[];
      let fullWidth: number;
      let fullHeight: number;
      try {
        const source = sharp(buffer, { limitInputPixels: 50_000_000 }).rotate();
        // EXIF orientations 5-8 are quarter turns: after rotate() width and height swap.
        const turned = (meta.orientation ?? 1) >= 5;
        fullWidth = (turned ? meta.height : meta.width) ?? 0;
        fullHeight = (turned ? meta.width : meta.height) ?? 0;
        const widths: number[] = WIDTHS.filter((w) => w < fullWidth);
        unique = [...new Set([...widths, Math.min(fullWidth, WIDTHS[WIDTHS.length - 1]!)])].sort(
          (a, b) => a - b,
        );
        for (const w of unique) {
          const resized = source.clone().resize({ width: w, withoutEnlargement: true });
          variants.push({
            id,
            file: `${w}.webp`,
            contentType: CONTENT_TYPES.webp,
            bytes: await resized.clone().webp({ quality: 80 }).toBuffer(),
          });
          variants.push({
            id,
            file: `${w}.avif`,
            contentType: CONTENT_TYPES.avif,
            bytes: await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
          });
        }
      } catch {
        throw new HttpError(400, "This image could not be processed. Try another file.");
      }
      // One statement: every variant is stored or none is.
      await db.insert(mediaFiles).values(variants);
      const middle = unique.find((w) => w >= 960) ?? unique[unique.length - 1]!;
      const largest = unique[unique.length - 1]!;
      return {
        id,
        url: `/media/${id}/${middle}.webp`,
        srcset: unique.map((w) => `/media/${id}/${w}.webp ${w}w`).join(", "),
        avifSrcset: unique.map((w) => `/media/${id}/${w}.avif ${w}w`).join(", "),
        width: largest,
        height: Math.round((fullHeight * largest) / fullWidth),
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
