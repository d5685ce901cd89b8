import { and, desc, eq, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { Database } from "#db/client.ts";
import { blogPosts, blogRevisions } from "#db/schema/index.ts";
import {
  blogPostCreateSchema,
  blogPostInputSchema,
  REVISION_DAYS_KEPT,
  REVISIONS_KEPT,
  type BlogPostCreateInput,
  type BlogPostInput,
  type BlogRevision,
  type BlogRevisionSummary,
} from "#schemas/blog.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
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

/** Text longer than this goes to the audit log as its length and SHA-256; the revisions keep the text. */
export const AUDITED_TEXT_MAX = 500;

const digestOf = (value: unknown) =>
  typeof value === "string" && value.length > AUDITED_TEXT_MAX
    ? { length: value.length, sha256: createHash("sha256").update(value).digest("hex") }
    : value;

/**
 * The console's writes to blog posts: each save, its audit entry and a new revision (the post as saved)
 * commit together. The history is bounded (REVISIONS_KEPT newest, plus the last save of each of the last
 * REVISION_DAYS_KEPT days), pruned in the save's transaction, so a busy post cannot grow without end; a
 * save that changes nothing adds none. The audit entries stay small: an update keeps the post's heading
 * (its name in the log) and the fields it changed, long text as a digest.
 */
export function createBlogAdmin<R>(
  db: Database,
  deps: { blog: BlogService; audit: AuditService; toRecord: (row: PostRow) => R },
) {
  /** What the audit log keeps of a post: its list fields and its body, long text as a digest. */
  const logged = (row: PostRow): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries({ ...deps.toRecord(row), full_description: row.fullDescription }).map(([k, v]) => [
        k,
        digestOf(v),
      ]),
    );

  /** An update's audit entry, both sides: the heading and the fields whose value changed. */
  function changes(before: PostRow, after: PostRow): [Record<string, unknown>, Record<string, unknown>] {
    const [b, a] = [logged(before), logged(after)];
    const kept = Object.keys(a).filter(
      (k) => k === "heading" || (k !== "updated_at" && JSON.stringify(a[k]) !== JSON.stringify(b[k])),
    );
    const pick = (side: Record<string, unknown>) => Object.fromEntries(kept.map((k) => [k, side[k]]));
    return [pick(b), pick(a)];
  }

  /** Records an update of post `id` in the transaction `via`. */
  const recordUpdate = (actor: Actor, before: PostRow, after: PostRow, via: Database) =>
    deps.audit.record(actor, "update", "blog_post", after.id, ...changes(before, after), via);

  async function find(id: number, via: Database = db): Promise<PostRow> {
    const [row] = await via.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!row) throw new DomainError("not_found", "Post not found");
    return row;
  }

  async function keep(actor: Actor, row: PostRow, via: Database) {
    const [newest] = await via
      .select()
      .from(blogRevisions)
      .where(eq(blogRevisions.postId, row.id))
      .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id))
      .limit(1);
    if (newest && JSON.stringify(editable(newest)) === JSON.stringify(editable(row))) return;
    await via
      .insert(blogRevisions)
      .values({ postId: row.id, ...editable(row), savedById: actor.operatorId, savedBy: actor.username });
    await via.execute(sql`
      delete from ${blogRevisions} where ${blogRevisions.postId} = ${row.id} and ${blogRevisions.id} not in (
        select id from (
          select id, saved_at,
            row_number() over (order by saved_at desc, id desc) as newest,
            row_number() over (
              partition by date_trunc('day', saved_at at time zone 'Asia/Kolkata') order by saved_at desc, id desc
            ) as of_day
          from ${blogRevisions} where ${blogRevisions.postId} = ${row.id}
        ) ranked
        where newest <= ${REVISIONS_KEPT}
          or (of_day = 1 and saved_at > now() - make_interval(days => ${REVISION_DAYS_KEPT}))
      )`);
  }

  /** Raises the post's preview version (voiding every link signed before), audited as `what`. */
  async function bumpPreview(actor: Actor, id: number, what: "new link" | "revoked") {
    return db.transaction(async (tx) => {
      const before = await find(id, tx);
      const [after] = await tx
        .update(blogPosts)
        .set({ previewVersion: sql`${blogPosts.previewVersion} + 1` })
        .where(eq(blogPosts.id, id))
        .returning({ previewVersion: blogPosts.previewVersion });
      const version = after!.previewVersion;
      await deps.audit.record(
        actor,
        "update",
        "blog_post",
        id,
        { preview_version: before.previewVersion },
        { preview_version: version, preview_links: what },
        tx,
      );
      return version;
    });
  }

  return {
    find,

    async create(actor: Actor, input: BlogPostCreateInput): Promise<R> {
      const data = blogPostCreateSchema.parse(input);
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
        await recordUpdate(actor, before, after, tx);
        await keep(actor, after, tx);
        return deps.toRecord(after);
      });
    },

    /** A new preview link for the post; the links made before it stop working. */
    async newPreviewLink(actor: Actor, id: number) {
      return deps.blog.previewLink(id, await bumpPreview(actor, id, "new link"));
    },

    /** Voids every preview link of the post. */
    async revokePreviewLinks(actor: Actor, id: number): Promise<void> {
      await bumpPreview(actor, id, "revoked");
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
      await find(id);
      const [row] = await db
        .select()
        .from(blogRevisions)
        .where(and(eq(blogRevisions.id, revisionId), eq(blogRevisions.postId, id)));
      if (!row) throw new DomainError("not_found", "Revision not found for this post");
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
        if (!old) throw new DomainError("not_found", "Revision not found for this post");
        const { status: _status, publishedAt: _publishedAt, ...content } = editable(old);
        const [after] = await tx
          .update(blogPosts)
          .set({ ...content, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning();
        await recordUpdate(actor, before, after!, tx);
        await keep(actor, after!, tx);
        return deps.toRecord(after!);
      });
    },
  };
}

export type BlogAdmin<R> = ReturnType<typeof createBlogAdmin<R>>;
