import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogComments, blogPosts } from "../../db/schema/index";
import {
  blogPostInputSchema,
  type BlogArticle,
  type BlogPostDetail,
  type BlogPostInput,
  type BlogPostSummary,
} from "../../schemas/blog";
import {
  COMMENT_LIST_MAX,
  commentInputSchema,
  type CommentInput,
  type PublicComment,
} from "../../schemas/comment";
import { createPreviewTokens, PREVIEW_TTL_MS, type PreviewCheck } from "./preview";
import { sanitizeRichText } from "./sanitize";

// Scheduled posts (published_at in the future) stay hidden until their time comes.
const isPublic = () => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`));
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

const summaryColumns = {
  id: blogPosts.id,
  feature_image: blogPosts.featureImage,
  image_alt_text: blogPosts.imageAltText,
  heading: blogPosts.heading,
  sub_heading: blogPosts.subHeading,
};

/** Comments the public sees: not hidden, on a published post (of one post when `blogId` is given). */
const visibleComments = (blogId: number | undefined) =>
  and(
    eq(blogComments.hidden, false),
    isPublic(),
    blogId === undefined ? undefined : eq(blogComments.blogId, blogId),
  );

const publicCommentColumns = {
  id: blogComments.id,
  blog_id: blogComments.blogId,
  name: blogComments.name,
  comment: blogComments.comment,
  created_at: blogComments.createdAt,
};

function toRow(data: ReturnType<typeof blogPostInputSchema.parse>) {
  return {
    heading: data.heading,
    subHeading: data.sub_heading,
    fullDescription: sanitizeRichText(data.full_description),
    featureImage: data.feature_image,
    imageAltText: data.image_alt_text,
    seoTitle: data.seo_title,
    metaDescription: data.meta_description,
    tags: data.tags,
    language: data.language,
    author: data.author,
    status: data.status,
  };
}

/** The preview page's answer: the post whatever its status, or why the link does not open it. */
export type PreviewAnswer =
  { ok: true; post: BlogArticle; expiresAt: Date } | Extract<PreviewCheck, { ok: false }>;

function article(row: typeof blogPosts.$inferSelect): BlogArticle {
  return {
    id: row.id,
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
  options: { previewSecret?: string; now?: () => number } = {},
) {
  const previews = options.previewSecret ? createPreviewTokens(options.previewSecret, options.now) : null;
  const previewTokens = () => {
    if (!previews) throw new Error("blog previews need the server secret (createBlogService options)");
    return previews;
  };
  return {
    /** Published posts, newest first; a page of them when paging is given. */
    async listPublished(paging?: { page: number; pageSize: number }): Promise<BlogPostSummary[]> {
      const query = db
        .select(summaryColumns)
        .from(blogPosts)
        .where(isPublic())
        .orderBy(...newestFirst);
      return paging ? query.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize) : query;
    },

    async countPublished(): Promise<number> {
      return db.$count(blogPosts, isPublic());
    },

    /** One published post with its body sanitised again on the way out (seeded or legacy rows included). */
    async getPublished(id: number): Promise<BlogArticle | null> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), isPublic()));
      return row ? article(row) : null;
    },

    /**
     * Visible comments of published posts, a page at a time counted from the newest: page 1 is the newest
     * `pageSize` (default COMMENT_LIST_MAX), page 2 the ones before them. Each page lists its comments
     * oldest first (a conversation reads top to bottom). Never the whole table: a post can collect
     * thousands.
     */
    async listComments(
      filter: { blogId?: number; page?: number; pageSize?: number } = {},
    ): Promise<PublicComment[]> {
      const pageSize = filter.pageSize ?? COMMENT_LIST_MAX;
      const rows = await db
        .select(publicCommentColumns)
        .from(blogComments)
        .innerJoin(blogPosts, eq(blogPosts.id, blogComments.blogId))
        .where(visibleComments(filter.blogId))
        .orderBy(desc(blogComments.createdAt), desc(blogComments.id))
        .limit(pageSize)
        .offset(((filter.page ?? 1) - 1) * pageSize);
      return rows.reverse();
    },

    /** Publishes a comment at once (operators can hide it later); null when the post is not public. */
    async addComment(input: CommentInput): Promise<PublicComment | null> {
      const data = commentInputSchema.parse(input);
      const [post] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, data.blog_id), isPublic()));
      if (!post) return null;
      const [row] = await db
        .insert(blogComments)
        .values({ blogId: data.blog_id, name: data.name, emailId: data.email_id, comment: data.comment })
        .returning(publicCommentColumns);
      return row!;
    },

    /** How many comments listComments pages through (one post's, or all posts'). */
    async countComments(blogId?: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(blogComments)
        .innerJoin(blogPosts, eq(blogPosts.id, blogComments.blogId))
        .where(visibleComments(blogId));
      return row?.n ?? 0;
    },

    /**
     * Creates a post; the HTML body is sanitised before it is stored. A given `published_at` is kept (a
     * future one schedules the post), else publishing stamps the current time. `via`: the caller's transaction.
     */
    async create(input: BlogPostInput, via: Database = db): Promise<BlogPostDetail & { status: string }> {
      const data = blogPostInputSchema.parse(input);
      const [row] = await via
        .insert(blogPosts)
        .values({
          ...toRow(data),
          publishedAt: data.published_at ?? (data.status === "published" ? new Date() : null),
        })
        .returning();
      return detail(row!);
    },

    /**
     * Replaces a post's fields. A given `published_at` replaces the date (and can schedule the post);
     * without one, publishing for the first time stamps the publication date.
     */
    async update(
      id: number,
      input: BlogPostInput,
      via: Database = db,
    ): Promise<(BlogPostDetail & { status: string }) | null> {
      const data = blogPostInputSchema.parse(input);
      const [row] = await via
        .update(blogPosts)
        .set({
          ...toRow(data),
          publishedAt:
            data.published_at ??
            (data.status === "published"
              ? sql`coalesce(${blogPosts.publishedAt}, now())`
              : blogPosts.publishedAt),
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      return row ? detail(row) : null;
    },

    /** A signed link that shows post `id` (any status) to whoever holds it, until it expires. */
    previewLink(id: number): { path: string; expiresAt: Date } {
      const tokens = previewTokens();
      const expiresAt = new Date((options.now ?? Date.now)() + PREVIEW_TTL_MS);
      return { path: `/blog/preview/${id}/${tokens.sign(id, expiresAt)}`, expiresAt };
    },

    /** The post a preview link names, whatever its status, when the link's signature and time hold. */
    async getPreview(id: number, token: string): Promise<PreviewAnswer | null> {
      const check = previewTokens().check(token, id);
      if (!check.ok) return check;
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row ? { ok: true, post: article(row), expiresAt: check.expiresAt } : null;
    },

    /** Latest published posts for the RSS feed. */
    async latestForFeed(limit = 20) {
      return db
        .select({
          id: blogPosts.id,
          heading: blogPosts.heading,
          sub_heading: blogPosts.subHeading,
          author: blogPosts.author,
          tags: blogPosts.tags,
          published_at: blogPosts.publishedAt,
        })
        .from(blogPosts)
        .where(isPublic())
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** Every published post with its last change, for the sitemap. */
    async sitemapEntries() {
      return db
        .select({ id: blogPosts.id, heading: blogPosts.heading, updated_at: blogPosts.updatedAt })
        .from(blogPosts)
        .where(isPublic())
        .orderBy(...newestFirst);
    },
  };
}

function detail(row: typeof blogPosts.$inferSelect): BlogPostDetail & { status: string } {
  return {
    id: row.id,
    heading: row.heading,
    sub_heading: row.subHeading,
    full_description: row.fullDescription,
    feature_image: row.featureImage,
    image_alt_text: row.imageAltText,
    seo_title: row.seoTitle,
    meta_description: row.metaDescription,
    tags: row.tags,
    status: row.status,
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
