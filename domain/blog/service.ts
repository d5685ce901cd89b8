import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogPosts } from "#db/schema/index.ts";
import type { BlogArticle, BlogPostCard } from "#schemas/blog.ts";
import { asBlogLanguage, type BlogLanguage } from "#shared/blog-languages.ts";
import type { PublishedTranslation } from "#shared/hreflang.ts";
import type { PublicAddressService } from "../settings/public-address";
import { createCommentService } from "./comments";
import { createPostWrites } from "./post-writes";
import { isPublic, groupOf } from "./visibility";
import { createPreviewTokens, PREVIEW_TTL_MS, type PreviewCheck } from "./preview";
import { sanitizeRichText } from "./sanitize";

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

const summaryColumns = {
  id: blogPosts.id,
  feature_image: blogPosts.featureImage,
  image_alt_text: blogPosts.imageAltText,
  heading: blogPosts.heading,
  sub_heading: blogPosts.subHeading,
};
// Public posts always have a date (isPublic); the column itself is nullable for drafts.
const publishedAt = sql<Date>`${blogPosts.publishedAt}`.mapWith(blogPosts.publishedAt);
const language = sql<BlogLanguage>`${blogPosts.language}`.mapWith(asBlogLanguage);
const cardColumns = { ...summaryColumns, language, published_at: publishedAt };

/** Which published posts a public list shows: all, those with a tag, those in one language, or both. */
export interface PublicFilter {
  tag?: string;
  language?: BlogLanguage;
}
const publicWhere = ({ tag, language: lang }: PublicFilter) =>
  and(isPublic(), taggedWith(tag), lang === undefined ? undefined : eq(blogPosts.language, lang));

/** Posts whose comma-separated tags include `tag` (ignoring case and spaces around it); all posts without one. */
const taggedWith = (tag: string | undefined) =>
  tag === undefined
    ? undefined
    : sql`exists (select 1 from unnest(string_to_array(${blogPosts.tags}, ',')) as t(name) where lower(trim(t.name)) = lower(${tag}))`;

/** The preview page's answer: the post whatever its status, or why the link does not open it. */
export type PreviewAnswer =
  { ok: true; post: BlogArticle; expiresAt: Date } | Extract<PreviewCheck, { ok: false }>;

function article(row: typeof blogPosts.$inferSelect): BlogArticle {
  return {
    id: row.id,
    language: asBlogLanguage(row.language),
    translation_group: row.translationGroup ?? row.id,
    heading: row.heading,
    sub_heading: row.subHeading,
    full_description: sanitizeRichText(row.fullDescription),
    feature_image: row.featureImage,
    image_alt_text: row.imageAltText,
    seo_title: row.seoTitle,
    meta_description: row.metaDescription,
    tags: row.tags,
    author: row.author,
    // A draft has no date yet; its preview shows when it would be published if it went out now.
    published_at: row.publishedAt ?? new Date(),
    updated_at: row.updatedAt,
  };
}

export function createBlogService(
  db: Database,
  options: {
    previewSecret?: string;
    now?: () => number;
    /** Where the comment digest's link to the moderation queue points. */
    publicAddress?: Pick<PublicAddressService, "url">;
  } = {},
) {
  const previews = options.previewSecret ? createPreviewTokens(options.previewSecret, options.now) : null;
  const previewTokens = () => {
    if (!previews) throw new Error("blog previews need the server secret (createBlogService options)");
    return previews;
  };
  return {
    /** Published posts, newest first (only those the filter selects); a page of them when paging is given. */
    async listPublished(
      paging?: { page: number; pageSize: number },
      filter: PublicFilter = {},
    ): Promise<BlogPostCard[]> {
      const query = db
        .select(cardColumns)
        .from(blogPosts)
        .where(publicWhere(filter))
        .orderBy(...newestFirst)
        .$dynamic();
      return paging ? query.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize) : query;
    },

    async countPublished(filter: PublicFilter = {}): Promise<number> {
      return db.$count(blogPosts, publicWhere(filter));
    },

    /** The published posts of a translation group (a post and its translations), first published first. */
    async publishedTranslations(group: number): Promise<PublishedTranslation[]> {
      return db
        .select({ id: blogPosts.id, heading: blogPosts.heading, language, published_at: publishedAt })
        .from(blogPosts)
        .where(and(isPublic(), eq(groupOf, group)))
        .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id));
    },

    /** One published post with its body sanitised again on the way out (seeded or legacy rows included). */
    async getPublished(id: number): Promise<BlogArticle | null> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), isPublic()));
      return row ? article(row) : null;
    },

    ...createCommentService(db, options.publicAddress),
    ...createPostWrites(db),

    /**
     * A signed link that shows post `id` (any status) to whoever holds it, until it expires or the post's
     * preview version moves past `version` (domain/blog/admin.ts issues and revokes links).
     */
    previewLink(id: number, version: number): { path: string; expiresAt: Date } {
      const tokens = previewTokens();
      const expiresAt = new Date((options.now ?? Date.now)() + PREVIEW_TTL_MS);
      return { path: `/blog/preview/${id}/${tokens.sign(id, version, expiresAt)}`, expiresAt };
    },

    /**
     * The post a preview link names, whatever its status, when the link's signature and time hold and it
     * was signed for the post's current preview version (not voided by a newer link, a revoke or a delete).
     */
    async getPreview(id: number, token: string): Promise<PreviewAnswer | null> {
      const check = previewTokens().check(token, id);
      if (!check.ok) return check;
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!row) return null;
      if (row.previewVersion !== check.version) return { ok: false, reason: "revoked" };
      return { ok: true, post: article(row), expiresAt: check.expiresAt };
    },

    /** Latest published posts for the RSS feed (of one language when given). */
    async latestForFeed(limit = 20, lang?: BlogLanguage) {
      return db
        .select({
          id: blogPosts.id,
          heading: blogPosts.heading,
          sub_heading: blogPosts.subHeading,
          author: blogPosts.author,
          tags: blogPosts.tags,
          published_at: publishedAt,
        })
        .from(blogPosts)
        .where(publicWhere({ language: lang }))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** Every published post with its last change and translation group, for the sitemap. */
    async sitemapEntries() {
      return db
        .select({
          id: blogPosts.id,
          heading: blogPosts.heading,
          language,
          published_at: publishedAt,
          translation_group: groupOf,
          updated_at: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .where(isPublic())
        .orderBy(...newestFirst);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
