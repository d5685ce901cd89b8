import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { default as SharpFunction, Metadata } from "sharp";
import type { Database } from "#db/client.ts";
import { mediaFiles } from "#db/schema/index.ts";
import type { StoredImage } from "#schemas/media.ts";
import { DomainError } from "../errors";
import { inspectFile } from "../files/inspection";
import { createWorkQueue } from "../work-queue";

/** The size social networks show a large link preview at. */
export const LINK_PREVIEW = { width: 1200, height: 630 } as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const WIDTHS = [480, 960, 1600] as const;
/** A square image (a portrait) is cropped to its middle and stored at these sides (shared/portrait.ts). */
export const SQUARE_WIDTHS = [300, 600] as const;
/**
 * Largest image (width × height) we decode. Every variant is at most 1600 px wide, so more pixels add work
 * and no quality: 25 megapixels admits a 24 MP camera or stock photo (6000 × 4000) and refuses the 49 MP
 * 7000 × 7000 PNG (206 KB on disk) that cost 4.4 s and 200 MB under the old 50 MP limit. Decoding 25 MP
 * takes at most ~100 MB (four bytes a pixel), once per upload (see storeImage).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Images re-encoded at once in this process; more wait their turn (docs/performance.md, "Uploads"). */
export const IMAGE_CONCURRENCY = 1;
/** Uploads that may wait for their turn; beyond that they are refused as busy (each holds up to 10 MB). */
export const MAX_WAITING_IMAGES = 16;
// sharp reports AVIF as HEIF compressed with AV1; other HEIF files are refused.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export type { StoredImage };

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
    throw new DomainError("invalid", "The file name is not allowed. Rename the file and try again.");
  }
}

type Sharp = typeof SharpFunction;
let sharpLoaded: Promise<Sharp> | null = null;
/**
 * sharp, loaded with the first upload (libvips costs ~32 MB resident), set to one libvips thread per image
 * and no operation cache: uploads are one-off, so cached decoded images only kept memory that glibc rarely
 * gives back (docs/performance.md, "Uploads").
 */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * Accepts JPEG, PNG, WebP and AVIF by their content (not their name), refuses markup hiding in an image,
 * and re-encodes to WebP and AVIF at responsive widths with all metadata stripped, under a server-chosen id.
 * Variants are stored in the database (docs/decisions/0002-media-in-database.md), all of an image's in
 * one transaction, so every instance serves every image and no half-stored image is ever visible.
 * Image work is bounded: at most MAX_INPUT_PIXELS per image, IMAGE_CONCURRENCY images at a time, and the
 * source is decoded once (to the widest variant) rather than once per variant.
 */
export function createMediaService(db: Database) {
  const imageWork = createWorkQueue(
    IMAGE_CONCURRENCY,
    MAX_WAITING_IMAGES,
    "The server is busy with other images. Try again in a minute.",
  );
  return {
    /**
     * A link preview (og:image) from a picture of ours (an upload or an SVG cover): cropped to fill
     * 1200×630 and encoded as JPEG, which every social network shows (none shows SVG).
     */
    async linkPreview(source: Buffer): Promise<Buffer> {
      const sharp = await loadSharp();
      return imageWork.run(() =>
        sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, density: 150 })
          .resize(LINK_PREVIEW.width, LINK_PREVIEW.height, { fit: "cover" })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer(),
      );
    },

    /** How busy image processing is (and the most images ever processed at once). */
    imageWork: imageWork.stats,

    /** One stored variant, or null when there is none by that name. */
    async getFile(id: string, file: string): Promise<MediaFile | null> {
      if (!MEDIA_ID.test(id) || !MEDIA_FILE.test(file)) return null;
      const [row] = await db
        .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.id, id), eq(mediaFiles.file, file)));
      return row ?? null;
    },

    /**
     * `square`: cropped to a square around what draws the eye (sharp's attention strategy, a face in a
     * portrait) and stored at SQUARE_WIDTHS; the answer's `url` is then the largest side.
     */
    async storeImage(buffer: Buffer, options: { square?: boolean } = {}): Promise<StoredImage> {
      if (buffer.length === 0) throw new DomainError("invalid", "The file is empty.");
      if (buffer.length > MAX_UPLOAD_BYTES)
        throw new DomainError("too_large", "Images must be 10 MB or smaller.");
      // Off the event loop: the scan reads up to 10 MB (domain/files/inspection.ts).
      await inspectFile({ kind: "image", bytes: buffer });
      const sharp = await loadSharp();
      let meta: Metadata;
      try {
        // Reads the header only: cheap, and outside the queue. No pixel limit here, so an image over it is
        // named for what it is (below) instead of "not an image".
        meta = await sharp(buffer, { limitInputPixels: false }).metadata();
      } catch {
        throw new DomainError(
          "invalid",
          "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
        );
      }
      if (
        !meta.format ||
        !ACCEPTED_FORMATS.has(meta.format) ||
        (meta.format === "heif" && meta.compression !== "av1")
      ) {
        throw new DomainError(
          "invalid",
          `Images must be JPEG, PNG, WebP or AVIF${meta.format ? ` (this file is ${meta.format.toUpperCase()})` : ""}.`,
        );
      }

      const pixels = (meta.width ?? 0) * (meta.height ?? 0);
      if (pixels > MAX_INPUT_PIXELS) {
        const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
        throw new DomainError(
          "invalid",
          `This image is ${meta.width!.toLocaleString("en-US")} × ${meta.height!.toLocaleString("en-US")} pixels (${megapixels(pixels)}); images can have at most ${megapixels(MAX_INPUT_PIXELS)}. Scale it down (1600 pixels wide is plenty) and try again.`,
        );
      }

      const id = randomUUID().replace(/-/g, "");
      // EXIF orientations 5-8 are quarter turns: after rotate() width and height swap.
      const turned = (meta.orientation ?? 1) >= 5;
      const fullWidth = (turned ? meta.height : meta.width) ?? 0;
      const fullHeight = (turned ? meta.width : meta.height) ?? 0;
      const square = options.square === true;
      const sizes: readonly number[] = square ? SQUARE_WIDTHS : WIDTHS;
      const fullSide = square ? Math.min(fullWidth, fullHeight) : fullWidth;
      const widths: number[] = sizes.filter((w) => w < fullSide);
      const unique = [...new Set([...widths, Math.min(fullSide, sizes[sizes.length - 1]!)])].sort(
        (a, b) => a - b,
      );
      const variants = await imageWork.run(async () => {
        const out: { id: string; file: string; contentType: string; bytes: Buffer }[] = [];
        try {
          // Decoded once, straight to the widest variant (JPEG and WebP shrink while decoding); every
          // variant is made from these pixels, never from the source again.
          const widest = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
            .rotate()
            .resize(
              square
                ? {
                    width: unique[unique.length - 1]!,
                    height: unique[unique.length - 1]!,
                    fit: "cover",
                    position: "attention",
                  }
                : { width: unique[unique.length - 1]!, withoutEnlargement: true },
            )
            .raw({ depth: "uchar" })
            .toBuffer({ resolveWithObject: true });
          const { width, height, channels } = widest.info;
          for (const w of unique) {
            const resized = sharp(widest.data, { raw: { width, height, channels } }).resize({
              width: w,
              withoutEnlargement: true,
            });
            out.push({
              id,
              file: `${w}.webp`,
              contentType: CONTENT_TYPES.webp,
              bytes: await resized.clone().webp({ quality: 80 }).toBuffer(),
            });
            out.push({
              id,
              file: `${w}.avif`,
              contentType: CONTENT_TYPES.avif,
              bytes: await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
            });
          }
        } catch {
          throw new DomainError("invalid", "This image could not be processed. Try another file.");
        }
        return out;
      });
      // One statement: every variant is stored or none is.
      await db.insert(mediaFiles).values(variants);
      const largest = unique[unique.length - 1]!;
      const middle = square ? largest : (unique.find((w) => w >= 960) ?? largest);
      return {
        id,
        url: `/media/${id}/${middle}.webp`,
        srcset: unique.map((w) => `/media/${id}/${w}.webp ${w}w`).join(", "),
        avifSrcset: unique.map((w) => `/media/${id}/${w}.avif ${w}w`).join(", "),
        width: largest,
        height: square ? largest : Math.round((fullHeight * largest) / fullWidth),
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
