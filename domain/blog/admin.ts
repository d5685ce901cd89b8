import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogPosts, blogRevisions } from "../../db/schema/index";
import {
  blogPostInputSchema,
  type BlogPostInput,
  type BlogRevision,
  type BlogRevisionSummary,
} from "../../schemas/blog";
import type { Actor, AuditService } from "../audit/service";
import { HttpError } from "../errors";
import type { BlogService } from "./service";

type PostRow = typeof blogPosts.$inferSelect;
type RevisionRow = typeof blogRevisions.$inferSelect;

/** The editable fields of a post (or of a revision), as the post table names them. */
const editable = (row: PostRow | RevisionRow) => ({
  heading: row.heading,
  subHeading: row.subHeading,
  fullDescription: row.fullDescription,
  featureImage: row.featureImage,
  imageAltText: row.imageAltText,
  seoTitle: row.seoTitle,
  metaDescription: row.metaDescription,
  tags: row.tags,
  language: row.language,
  author: row.author,
  status: row.status,
  publishedAt: row.publishedAt,
});

const summary = (r: RevisionRow): BlogRevisionSummary => ({
  id: r.id,
  heading: r.heading,
  status: r.status,
  saved_at: r.savedAt.toISOString(),
  saved_by: r.savedBy,
});

const revision = (r: RevisionRow): BlogRevision => ({
  ...summary(r),
  sub_heading: r.subHeading,
  full_description: r.fullDescription,
  feature_image: r.featureImage,
  image_alt_text: r.imageAltText,
  seo_title: r.seoTitle,
  meta_description: r.metaDescription,
  tags: r.tags,
  language: r.language,
  author: r.author,
  published_at: r.publishedAt?.toISOString() ?? null,
});

/**
 * The console's writes to blog posts: each save, its audit entry and a new revision (the post as saved)
 * commit together, so the history lists every version an operator could want back.
 */
export function createBlogAdmin<R>(
  db: Database,
  deps: { blog: BlogService; audit: AuditService; toRecord: (row: PostRow) => R },
) {
  /** What the audit log keeps of a post: its list fields and its body. */
  const logged = (row: PostRow) => ({ ...deps.toRecord(row), full_description: row.fullDescription });

  async function find(id: number, via: Database = db): Promise<PostRow> {
    const [row] = await via.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!row) throw new HttpError(404, "Post not found");
    return row;
  }

  async function keep(actor: Actor, row: PostRow, via: Database) {
    await via
      .insert(blogRevisions)
      .values({ postId: row.id, ...editable(row), savedById: actor.operatorId, savedBy: actor.username });
  }

  return {
    find,

    async create(actor: Actor, input: BlogPostInput): Promise<R> {
      const data = blogPostInputSchema.parse(input);
      return db.transaction(async (tx) => {
        const created = await deps.blog.create(data, tx);
        const row = await find(created.id, tx);
        await deps.audit.record(actor, "create", "blog_post", row.id, null, logged(row), tx);
        await keep(actor, row, tx);
        return deps.toRecord(row);
      });
    },

    async update(actor: Actor, id: number, input: BlogPostInput): Promise<R> {
      const data = blogPostInputSchema.parse(input);
      return db.transaction(async (tx) => {
        const before = await find(id, tx);
        await deps.blog.update(id, data, tx);
        const after = await find(id, tx);
        await deps.audit.record(actor, "update", "blog_post", id, logged(before), logged(after), tx);
        await keep(actor, after, tx);
        return deps.toRecord(after);
      });
    },

    /** A post's saved versions, newest first. */
    async revisions(id: number): Promise<BlogRevisionSummary[]> {
      await find(id);
      const rows = await db
        .select()
        .from(blogRevisions)
        .where(eq(blogRevisions.postId, id))
        .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id))
        .limit(200);
      return rows.map(summary);
    },

    async revision(id: number, revisionId: number): Promise<BlogRevision> {
      const [row] = await db
        .select()
        .from(blogRevisions)
        .where(and(eq(blogRevisions.id, revisionId), eq(blogRevisions.postId, id)));
      if (!row) throw new HttpError(404, "Revision not found for this post");
      return revision(row);
    },

    /**
     * Puts a revision's content back (heading, body, images, SEO, tags, language, author) as a new save:
     * audited and kept as a new revision. Status and publication date stay as they are now, so bringing
     * back old words never takes a live post down or publishes a draft.
     */
    async restore(actor: Actor, id: number, revisionId: number): Promise<R> {
      return db.transaction(async (tx) => {
        const before = await find(id, tx);
        const [old] = await tx
          .select()
          .from(blogRevisions)
          .where(and(eq(blogRevisions.id, revisionId), eq(blogRevisions.postId, id)));
        if (!old) throw new HttpError(404, "Revision not found for this post");
        const { status: _status, publishedAt: _publishedAt, ...content } = editable(old);
        const [after] = await tx
          .update(blogPosts)
          .set({ ...content, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning();
        await deps.audit.record(actor, "update", "blog_post", id, logged(before), logged(after!), tx);
        await keep(actor, after!, tx);
        return deps.toRecord(after!);
      });
    },
  };
}

export type BlogAdmin<R> = ReturnType<typeof createBlogAdmin<R>>;
