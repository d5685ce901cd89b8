import { and, asc, count, desc, eq, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogComments, blogPosts } from "../../db/schema/index";
import {
  blogPostCreateSchema,
  blogPostInputSchema,
  type BlogArticle,
  type BlogPostCreateInput,
  type BlogPostDetail,
  type BlogPostCard,
  type BlogPostInput,
} from "../../schemas/blog";
import { asBlogLanguage, type BlogLanguage } from "../../shared/blog-languages";
import type { PublishedTranslation } from "../../shared/hreflang";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import {
  COMMENT_LIST_MAX,
  commentInputSchema,
  type CommentInput,
  type PublicComment,
} from "../../schemas/comment";
import { createPreviewTokens, PREVIEW_TTL_MS, type PreviewCheck } from "./preview";
import { sanitizeRichText } from "./sanitize";
import { insertUnlessRepeated } from "../repeat-guard";

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
// Public posts always have a date (isPublic); the column itself is nullable for drafts.
const publishedAt = sql<Date>`${blogPosts.publishedAt}`.mapWith(blogPosts.publishedAt);
const language = sql<BlogLanguage>`${blogPosts.language}`.mapWith(asBlogLanguage);
const cardColumns = { ...summaryColumns, language, published_at: publishedAt };

/** The translation group a post belongs to: the first translated post's id, its own when it has none. */
const groupOf = sql<number>`coalesce(${blogPosts.translationGroup}, ${blogPosts.id})`.mapWith(Number);

/** Which published posts a public list shows: all, those with a tag, those in one language, or both. */
export interface PublicFilter {
  tag?: string;
  language?: BlogLanguage;
}
const publicWhere = ({ tag, language: lang }: PublicFilter) =>
  and(isPublic(), taggedWith(tag), lang === undefined ? undefined : eq(blogPosts.language, lang));

/** A group that already has a post in `lang` (other than `exceptId`) cannot take another one. */
async function languageTaken(via: Database, group: number, lang: BlogLanguage, exceptId?: number) {
  const [taken] = await via
    .select({ id: blogPosts.id, heading: blogPosts.heading })
    .from(blogPosts)
    .where(
      and(
        eq(groupOf, group),
        eq(blogPosts.language, lang),
        exceptId === undefined ? undefined : ne(blogPosts.id, exceptId),
      ),
    );
  return taken ? languageClash(lang, taken.heading) : null;
}
const languageClash = (lang: BlogLanguage, heading?: string) => {
  const message = heading
    ? `This post's translations already have a version in ${lang} ("${heading}"). Edit that post, or choose another language.`
    : `This post's translations already have a version in ${lang}. Choose another language.`;
  return new DomainError("conflict", message, { fields: { language: message } });
};
/** A write that may race another one into the same language of a group: the unique index lets one through. */
async function inOwnLanguage<T>(lang: BlogLanguage, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw languageClash(lang);
    throw error;
  }
}

/** Posts whose comma-separated tags include `tag` (ignoring case and spaces around it); all posts without one. */
const taggedWith = (tag: string | undefined) =>
  tag === undefined
    ? undefined
    : sql`exists (select 1 from unnest(string_to_array(${blogPosts.tags}, ',')) as t(name) where lower(trim(t.name)) = lower(${tag}))`;

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
  options: { previewSecret?: string; now?: () => number } = {},
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
      return insertUnlessRepeated(
        db,
        {
          fingerprint: ["comment", String(data.blog_id), data.email_id.toLowerCase(), data.comment],
          table: blogComments,
          createdAt: blogComments.createdAt,
          same: and(
            eq(blogComments.blogId, data.blog_id),
            eq(sql`lower(${blogComments.emailId})`, data.email_id.toLowerCase()),
            eq(blogComments.comment, data.comment),
          )!,
          message: "You posted this comment a moment ago; it is already on the page.",
        },
        async (tx) => {
          const [row] = await tx
            .insert(blogComments)
            .values({ blogId: data.blog_id, name: data.name, emailId: data.email_id, comment: data.comment })
            .returning(publicCommentColumns);
          return row!;
        },
      );
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
     * future one schedules the post), else publishing stamps the current time. With `translation_of` the post
     * joins that post's translation group, in a language the group does not have yet; no other post of the
     * group changes. `via`: the caller's transaction.
     */
    async create(
      input: BlogPostCreateInput,
      via: Database = db,
    ): Promise<BlogPostDetail & { status: string }> {
      const data = blogPostCreateSchema.parse(input);
      let translationGroup: number | null = null;
      if (data.translation_of !== undefined) {
        const [source] = await via
          .select({ group: groupOf })
          .from(blogPosts)
          .where(eq(blogPosts.id, data.translation_of));
        if (!source)
          throw new DomainError(
            "not_found",
            "The post to translate no longer exists. Refresh the list and try again.",
          );
        translationGroup = source.group;
        const clash = await languageTaken(via, translationGroup, data.language);
        if (clash) throw clash;
      }
      const [row] = await inOwnLanguage(data.language, () =>
        via
          .insert(blogPosts)
          .values({
            ...toRow(data),
            translationGroup,
            publishedAt: data.published_at ?? (data.status === "published" ? new Date() : null),
          })
          .returning(),
      );
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
      const [current] = await via.select({ group: groupOf }).from(blogPosts).where(eq(blogPosts.id, id));
      if (!current) return null;
      const clash = await languageTaken(via, current.group, data.language, id);
      if (clash) throw clash;
      const [row] = await inOwnLanguage(data.language, () =>
        via
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
          .returning(),
      );
      return row ? detail(row) : null;
    },

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
