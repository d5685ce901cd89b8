import { z } from "zod";
import { blogLanguages, languageCodeList, type BlogLanguage } from "#shared/blog-languages.ts";
import { IMAGE_SOURCE_RULE, isAllowedImageSource } from "#shared/image-sources.ts";
import { timestamp } from "./api-responses";
import { recordId } from "./common";
import { optionalIsoDateTime } from "./dates";

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

export { blogLanguages, type BlogLanguage };
export const blogStatuses = ["draft", "published"] as const;

// Text is kept in Unicode's composed form (NFC): Hindi and Tamil typed on any keyboard is found by search.
const optionalText = (max: number, label: string) =>
  z.string().trim().normalize("NFC").max(max, `${label} must be at most ${max} characters`).default("");
const nullableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .normalize("NFC")
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
    .normalize("NFC")
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
   * When the post goes (or went) public; a future time schedules it. Left out, the stored date stays; sent
   * empty, it means "the time you publish": a scheduled post goes public now (the form's promise).
   */
  published_at: optionalIsoDateTime("Publication date", "2026-03-31", "09:30:00+05:30").optional(),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

/** A new post (POST /api/blog): with `translation_of`, a translation joining that post's group. */
export const blogPostCreateSchema = blogPostInputSchema.extend({
  translation_of: recordId("translation_of must be the id of the post this one translates").optional(),
});
export type BlogPostCreateInput = z.input<typeof blogPostCreateSchema>;

/** The console's post form: the API's rules plus alt text for a feature image. */
export const blogPostFormSchema = blogPostInputSchema.refine(
  (post) => !post.feature_image || post.image_alt_text !== "",
  { path: ["image_alt_text"], message: "Describe the image for people who cannot see it" },
);

/** One card of the blog list (GET /api/blog_details/). */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  feature_image: z.string().nullable(),
  image_alt_text: z.string(),
  heading: z.string(),
  sub_heading: z.string(),
});
export type BlogPostSummary = z.output<typeof blogPostSummarySchema>;

/** A card of the public blog pages: the list fields, the language and the publication date (public posts always have one). */
export interface BlogPostCard extends BlogPostSummary {
  language: BlogLanguage;
  published_at: Date;
}

/** `?tag=` of the blog list: one tag as shown on a post. */
export const blogTagSchema = z
  .string()
  .trim()
  .min(1, "Choose a tag")
  .normalize("NFC")
  .max(100, "A tag is at most 100 characters")
  // A NUL byte would reach PostgreSQL and fail there; no tag holds control characters.
  .regex(/^\P{Cc}*$/u, "A tag cannot contain control characters");

/** `?lang=` of the public list and feeds: one language's posts. */
export const blogLangSchema = z.enum(languageCodeList, "lang must be en (English), hi (Hindi) or ta (Tamil)");

/** The public list's query (GET /api/blog_details/): paging, and only the posts with one tag or in one language. */
export const blogListQuerySchema = pageQuerySchema.extend({
  tag: blogTagSchema.optional(),
  lang: blogLangSchema.optional(),
});

/** The spec's detail fields (GET /api/blog_details/{id}/). */
export const blogPostDetailSchema = blogPostSummarySchema.extend({
  full_description: z.string(),
  seo_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  tags: z.string(),
});
export type BlogPostDetail = z.output<typeof blogPostDetailSchema>;

/** What the article page needs on top of the API fields. */
export interface BlogArticle extends BlogPostDetail {
  language: BlogLanguage;
  /** The post's translation group (the id of the post first translated, else its own). */
  translation_group: number;
  author: string;
  published_at: Date;
  updated_at: Date;
}

/** Another post of a post's translation group, with its own status and date. */
export const blogTranslationSchema = z.object({
  id: z.number().int(),
  heading: z.string(),
  language: z.string(),
  status: z.enum(blogStatuses),
  published_at: timestamp().nullable(),
});
export type BlogTranslation = z.output<typeof blogTranslationSchema>;

/** A post in the console's list (GET /api/blog): every status, without the article body. */
export const blogRowSchema = blogPostSummarySchema.extend({
  status: z.enum(blogStatuses),
  language: z.string(),
  /** The post's translation group (the id of the post first translated, else its own). */
  translation_group: z.number().int(),
  /** The other posts of the group, oldest first. */
  translations: z.array(blogTranslationSchema),
  author: z.string(),
  tags: z.string(),
  seo_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  published_at: timestamp().nullable(),
  updated_at: timestamp(),
});
export type BlogRow = z.output<typeof blogRowSchema>;

/** A post as the editor opens it (GET /api/blog/{id}): the list fields and the article body. */
export const blogRecordSchema = blogRowSchema.extend({ full_description: z.string() });

/** Revisions always kept: the newest this many saves of a post (domain/blog/admin.ts prunes the rest). */
export const REVISIONS_KEPT = 50;
/** Beyond those, the last save of each day (India time) is kept for this many days. */
export const REVISION_DAYS_KEPT = 30;

/** One saved version of a post in the editor's history (GET /api/blog/{id}/revisions). */
export const blogRevisionSummarySchema = z.object({
  id: z.number().int(),
  heading: z.string(),
  status: z.enum(blogStatuses),
  saved_at: timestamp(),
  saved_by: z.string(),
});
export type BlogRevisionSummary = z.output<typeof blogRevisionSummarySchema>;

/** A revision with every editable field, to compare with the current version or restore. */
export const blogRevisionSchema = blogRevisionSummarySchema.extend({
  sub_heading: z.string(),
  full_description: z.string(),
  feature_image: z.string().nullable(),
  image_alt_text: z.string(),
  seo_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  tags: z.string(),
  language: z.string(),
  author: z.string(),
  published_at: timestamp().nullable(),
});
export type BlogRevision = z.output<typeof blogRevisionSchema>;

export const revisionParams = z.object({
  id: recordId(),
  revisionId: recordId("Enter a valid revision id (a positive whole number)"),
});

/** A shareable link to a draft: who holds it can read the post until it expires. */
export const blogPreviewLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type BlogPreviewLink = z.output<typeof blogPreviewLinkSchema>;

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
