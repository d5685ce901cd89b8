import { z } from "zod";
import { IMAGE_SOURCE_RULE, isAllowedImageSource } from "../shared/image-sources";
import { optionalIsoDateTime } from "./dates";

/** Largest value a PostgreSQL `serial` id can hold. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a path, query string or JSON body, checked strictly: "12abc", "-1", "1.5", "012",
 * " 7" and values beyond the id range are refused instead of being coerced into some other id.
 */
export const recordId = (message = "Enter a valid id (a positive whole number)") =>
  z
    .union(
      [
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, message)
          .transform(Number),
        z.number().int(message).positive(message),
      ],
      { error: message },
    )
    .pipe(z.number().max(MAX_RECORD_ID, message));

const positiveInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, `${name} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be a whole number from 1 to ${max}`));

export const MAX_PAGE_SIZE = 50;
export const BLOG_PAGE_SIZE = 12;

/** Optional `?page=&page_size=` of public lists; without them the whole list is answered. */
export const pageQuerySchema = z.object({
  page: positiveInt("page", 100_000).optional(),
  page_size: positiveInt("page_size", MAX_PAGE_SIZE).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const blogLanguages = ["English", "Hindi", "Tamil"] as const;
export const blogStatuses = ["draft", "published"] as const;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default("");
const nullableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const BODY_IMAGE_ALT_RULE =
  "Describe every image in the article (alt text) for people who cannot see it";

const attribute = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : null;
};

/**
 * Whether an image the sanitiser would keep (an allowed source) has no alt text, or only spaces: readers of
 * screen readers would miss it. Images from other sources are dropped on save anyway.
 */
export function hasImageWithoutAlt(html: string): boolean {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    if (isAllowedImageSource(attribute(tag, "src") ?? "") && !attribute(tag, "alt")?.trim()) return true;
  }
  return false;
}

/** A blog post as an editor writes it; the HTML body is sanitised by the blog service on every write. */
export const blogPostInputSchema = z.object({
  heading: z
    .string({ error: "Enter a heading" })
    .trim()
    .min(1, "Enter a heading")
    .max(200, "Heading must be at most 200 characters"),
  sub_heading: optionalText(300, "Sub heading"),
  full_description: z
    .string()
    .max(200_000, "The article is too long")
    .refine((html) => !hasImageWithoutAlt(html), BODY_IMAGE_ALT_RULE)
    .default(""),
  feature_image: z
    .string()
    .trim()
    .max(500, "Image address must be at most 500 characters")
    .refine((src) => isAllowedImageSource(src), IMAGE_SOURCE_RULE)
    .nullish()
    .transform((v) => v ?? null),
  image_alt_text: optionalText(200, "Image alt text"),
  seo_title: nullableText(70, "SEO title"),
  meta_description: nullableText(160, "Meta description"),
  tags: optionalText(500, "Tags"),
  language: z.enum(blogLanguages).default("English"),
  author: optionalText(100, "Author"),
  status: z.enum(blogStatuses).default("draft"),
  /**
   * When the post goes (or went) public; a future time schedules it. Empty keeps the stored date, and a
   * post published without one gets the time of publishing.
   */
  published_at: optionalIsoDateTime("Publication date", "2026-03-31T09:30:00+05:30"),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

/** The console's post form: the API's rules plus alt text for a feature image. */
export const blogPostFormSchema = blogPostInputSchema.refine(
  (post) => !post.feature_image || post.image_alt_text !== "",
  { path: ["image_alt_text"], message: "Describe the image for people who cannot see it" },
);

/** One card of the blog list (GET /api/blog_details/). */
export interface BlogPostSummary {
  id: number;
  feature_image: string | null;
  image_alt_text: string;
  heading: string;
  sub_heading: string;
}

/** The spec's detail fields (GET /api/blog_details/{id}/). */
export interface BlogPostDetail extends BlogPostSummary {
  full_description: string;
  seo_title: string | null;
  meta_description: string | null;
  tags: string;
}

/** What the article page needs on top of the API fields. */
export interface BlogArticle extends BlogPostDetail {
  author: string;
  published_at: Date;
  updated_at: Date;
}

/** A post in the console's list (GET /api/blog): every status, without the article body. */
export interface BlogRow extends BlogPostSummary {
  status: (typeof blogStatuses)[number];
  language: string;
  author: string;
  tags: string;
  seo_title: string | null;
  meta_description: string | null;
  published_at: string | null;
  updated_at: string;
}

/** One saved version of a post in the editor's history (GET /api/blog/{id}/revisions). */
export interface BlogRevisionSummary {
  id: number;
  heading: string;
  status: (typeof blogStatuses)[number];
  saved_at: string;
  saved_by: string;
}

/** A revision with every editable field, to compare with the current version or restore. */
export interface BlogRevision extends BlogRevisionSummary {
  sub_heading: string;
  full_description: string;
  feature_image: string | null;
  image_alt_text: string;
  seo_title: string | null;
  meta_description: string | null;
  tags: string;
  language: string;
  author: string;
  published_at: string | null;
}

export const revisionParams = z.object({
  id: recordId(),
  revisionId: recordId("Enter a valid revision id (a positive whole number)"),
});

/** A shareable link to a draft: who holds it can read the post until it expires. */
export interface BlogPreviewLink {
  url: string;
  expires_at: string;
}

export const previewParams = z.object({
  id: recordId(),
  token: z
    .string()
    .max(200, "This preview link is not valid")
    .regex(/^[\w-]+\.[\w-]+$/, "This preview link is not valid"),
});

/** "GCC, India ,, Talent" → ["GCC", "India", "Talent"]. */
export function splitTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
