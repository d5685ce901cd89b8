import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type AnyColumn } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import type { CommentStatus } from "#schemas/comment-limits.ts";
import { blogComments, blogPosts, jobApplications, jobs } from "#db/schema/index.ts";
import type { BlogPostCreateInput, BlogPostInput, BlogRow, BlogTranslation } from "#schemas/blog.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { createBlogAdmin } from "../blog/admin";
import type { BlogService } from "../blog/service";
import { jobValues } from "../careers/service";
import { createTeamAdmin } from "../team/admin";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { likePattern, orderBy } from "../sql";
import { auditedTable, formWrites, pageOf } from "../audited-table";

type Page = Pick<ListQuery, "page" | "page_size" | "search" | "sort">;

/** ORDER BY from an allowlisted `sort` ("name" or "-name"), else the default; id breaks ties. */
const searchAny = (search: string, columns: AnyColumn[]) =>
  search ? or(...columns.map((c) => ilike(c, likePattern(search)))) : undefined;

const blogRow = (r: typeof blogPosts.$inferSelect) => ({
  id: r.id,
  heading: r.heading,
  sub_heading: r.subHeading,
  status: r.status,
  language: r.language,
  translation_group: r.translationGroup ?? r.id,
  author: r.author,
  tags: r.tags,
  feature_image: r.featureImage,
  image_alt_text: r.imageAltText,
  seo_title: r.seoTitle,
  meta_description: r.metaDescription,
  published_at: r.publishedAt?.toISOString() ?? null,
  updated_at: r.updatedAt.toISOString(),
});

const jobRow = (r: typeof jobs.$inferSelect) => ({
  id: r.id,
  job_title: r.jobTitle,
  company: r.company,
  location: r.location,
  salary: r.salary,
  employment_type: r.employmentType,
  job_description: r.jobDescription,
  responsibilities: r.responsibilities,
  requirements: r.requirements,
  apply_link: r.applyLink,
  status: r.status,
  valid_through: r.validThrough?.toISOString() ?? null,
  questions: r.questions,
  created_at: r.createdAt.toISOString(),
});

/**
 * The console's management of public content: lists with every status, edits and deletes, each
 * recorded in the audit log. Public reads stay in the blog, team and careers services.
 */
export function createContentAdminService(db: Database, deps: { blog: BlogService; audit: AuditService }) {
  const posts = auditedTable(db, deps.audit, {
    table: blogPosts,
    auditName: "blog_post",
    what: "Post",
    toRecord: blogRow,
    // Revisions stay in place while the post is in the trash (domain/trash.ts, KEPT_IN_PLACE).
    dependents: [{ table: blogComments, column: blogComments.blogId }],
    // A deleted post's links die with it: the trash keeps the raised version, so a restore does not revive them.
    beforeDiscard: async (tx, ids) => {
      await tx
        .update(blogPosts)
        .set({ previewVersion: sql`${blogPosts.previewVersion} + 1` })
        .where(inArray(blogPosts.id, ids));
    },
  });
  const blogAdmin = createBlogAdmin(db, { ...deps, toRecord: blogRow });
  /** Each post with the other posts of its translation group (their own status and date), oldest first. */
  async function withTranslations(posts: ReturnType<typeof blogRow>[]): Promise<BlogRow[]> {
    const groups = [...new Set(posts.map((p) => p.translation_group))];
    const members = groups.length
      ? await db
          .select({
            group: sql<number>`coalesce(${blogPosts.translationGroup}, ${blogPosts.id})`.mapWith(Number),
            id: blogPosts.id,
            heading: blogPosts.heading,
            language: blogPosts.language,
            status: blogPosts.status,
            published_at: blogPosts.publishedAt,
          })
          .from(blogPosts)
          .where(inArray(sql`coalesce(${blogPosts.translationGroup}, ${blogPosts.id})`, groups))
          .orderBy(asc(blogPosts.createdAt), asc(blogPosts.id))
      : [];
    return posts.map((post) => ({
      ...post,
      translations: members
        .filter((m) => m.group === post.translation_group && m.id !== post.id)
        .map(({ group: _group, published_at, ...m }): BlogTranslation => ({
          ...m,
          published_at: published_at?.toISOString() ?? null,
        })),
    }));
  }
  const oneWithTranslations = async (post: ReturnType<typeof blogRow>) =>
    (await withTranslations([post]))[0]!;
  const jobTable = auditedTable(db, deps.audit, {
    table: jobs,
    auditName: "job",
    what: "Job",
    toRecord: jobRow,
    // Applications outlive a deleted job (their key is set null) and point at it again on Undo.
    dependents: [{ table: jobApplications, column: jobApplications.jobId, onDelete: "set null" }],
  });
  const comments = auditedTable(db, deps.audit, {
    table: blogComments,
    auditName: "comment",
    what: "Comment",
    toRecord: (c) => c,
  });

  return {
    blog: {
      async list(q: Page & { status?: "draft" | "published" | "scheduled"; language?: string }) {
        const published = eq(blogPosts.status, "published");
        const statusWhere = {
          draft: eq(blogPosts.status, "draft"),
          scheduled: and(published, gt(blogPosts.publishedAt, sql`now()`)),
          published: and(
            published,
            or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`)),
          ),
        };
        const where = and(
          q.status ? statusWhere[q.status] : undefined,
          q.language ? eq(blogPosts.language, q.language) : undefined,
          searchAny(q.search, [blogPosts.heading, blogPosts.tags, blogPosts.author]),
        );
        const order = orderBy(
          q.sort,
          { heading: blogPosts.heading, status: blogPosts.status, published_at: blogPosts.publishedAt },
          desc(blogPosts.updatedAt),
          blogPosts.id,
        );
        const { rows, total } = await pageOf(db, blogPosts, q, where, order);
        return { rows: await withTranslations(rows.map(blogRow)), total };
      },
      async get(id: number) {
        const row = await posts.find(id);
        return { ...(await oneWithTranslations(blogRow(row))), full_description: row.fullDescription };
      },
      // Writes go through the blog service (sanitised body) and keep a revision (domain/blog/admin.ts).
      create: async (actor: Actor, input: BlogPostCreateInput) =>
        oneWithTranslations(await blogAdmin.create(actor, input)),
      update: async (actor: Actor, id: number, input: BlogPostInput) =>
        oneWithTranslations(await blogAdmin.update(actor, id, input)),
      revisions: blogAdmin.revisions,
      revision: blogAdmin.revision,
      async restoreRevision(actor: Actor, id: number, revisionId: number) {
        try {
          return await oneWithTranslations(await blogAdmin.restore(actor, id, revisionId));
        } catch (error) {
          // The revision's language may since have gone to another post of the group (one post per language).
          if (isUniqueViolation(error))
            throw new DomainError(
              "conflict",
              "This revision is in a language another translation of this post now has. Change that post's language first, or restore another revision.",
            );
          throw error;
        }
      },
      newPreviewLink: blogAdmin.newPreviewLink,
      revokePreviewLinks: blogAdmin.revokePreviewLinks,
      remove: (actor: Actor, id: number) => posts.remove(actor, id),
      restore: posts.restore,
    },

    team: createTeamAdmin(db, deps.audit),

    jobs: {
      async list(q: Page & { status?: "open" | "closed" }) {
        const where = and(
          q.status ? eq(jobs.status, q.status) : undefined,
          searchAny(q.search, [jobs.jobTitle, jobs.company, jobs.location]),
        );
        const order = orderBy(
          q.sort,
          { job_title: jobs.jobTitle, status: jobs.status, created_at: jobs.createdAt },
          desc(jobs.createdAt),
          jobs.id,
        );
        const { rows, total } = await pageOf(db, jobs, q, where, order);
        return { rows: rows.map(jobRow), total };
      },
      ...formWrites(jobTable, jobValues),
    },

    comments: {
      async list(q: Page & { blog_id?: number; visibility?: "visible" | "hidden"; status?: CommentStatus }) {
        const where = and(
          q.blog_id ? eq(blogComments.blogId, q.blog_id) : undefined,
          q.status ? eq(blogComments.status, q.status) : undefined,
          q.visibility ? eq(blogComments.hidden, q.visibility === "hidden") : undefined,
          searchAny(q.search, [blogComments.name, blogComments.emailId, blogComments.comment]),
        );
        const order = orderBy(
          q.sort,
          { created_at: blogComments.createdAt },
          desc(blogComments.createdAt),
          blogComments.id,
        );
        const [rows, total] = await Promise.all([
          db
            .select({ c: blogComments, heading: blogPosts.heading })
            .from(blogComments)
            .innerJoin(blogPosts, eq(blogPosts.id, blogComments.blogId))
            .where(where)
            .orderBy(...order)
            .limit(q.page_size)
            .offset((q.page - 1) * q.page_size),
          db.$count(blogComments, where),
        ]);
        return {
          rows: rows.map(({ c, heading }) => ({
            id: c.id,
            blog_id: c.blogId,
            blog_heading: heading,
            name: c.name,
            email_id: c.emailId,
            comment: c.comment,
            hidden: c.hidden,
            status: c.status,
            created_at: c.createdAt.toISOString(),
          })),
          total,
        };
      },
      /** Hides or shows, approves ("published") or rejects ("rejected"): one audit entry with both. */
      async moderate(
        actor: Actor,
        id: number,
        change: { hidden?: boolean; status?: "published" | "rejected" },
      ) {
        await comments.update(actor, id, change, (c) => ({ hidden: c.hidden, status: c.status }));
      },
      remove: (actor: Actor, id: number) => comments.remove(actor, id),
      restore: comments.restore,
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
