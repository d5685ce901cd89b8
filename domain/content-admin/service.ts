import { and, asc, desc, eq, ilike, or, type AnyColumn } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogComments, blogPosts, jobs, teamMembers } from "../../db/schema/index";
import { blogPostInputSchema, type BlogPostInput } from "../../schemas/blog";
import type { JobInput } from "../../schemas/job";
import type { ListQuery } from "../../schemas/list-query";
import { teamMemberInputSchema, type TeamMemberInput } from "../../schemas/team";
import type { Actor, AuditService } from "../audit/service";
import type { BlogService } from "../blog/service";
import { jobValues } from "../careers/service";
import { likePattern, orderBy } from "../sql";
import { HttpError } from "../errors";

type Page = Pick<ListQuery, "page" | "page_size" | "search" | "sort">;

/** ORDER BY from an allowlisted `sort` ("name" or "-name"), else the default; id breaks ties. */
const searchAny = (search: string, columns: AnyColumn[]) =>
  search ? or(...columns.map((c) => ilike(c, likePattern(search)))) : undefined;

const page = (q: Page) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size });

const blogRow = (r: typeof blogPosts.$inferSelect) => ({
  id: r.id,
  heading: r.heading,
  sub_heading: r.subHeading,
  status: r.status,
  language: r.language,
  author: r.author,
  tags: r.tags,
  feature_image: r.featureImage,
  image_alt_text: r.imageAltText,
  seo_title: r.seoTitle,
  meta_description: r.metaDescription,
  published_at: r.publishedAt?.toISOString() ?? null,
  updated_at: r.updatedAt.toISOString(),
});

const teamRow = (r: typeof teamMembers.$inferSelect) => ({
  id: r.id,
  name: r.name,
  position: r.position,
  image: r.image,
  description: r.description,
  sort_order: r.sortOrder,
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
  created_at: r.createdAt.toISOString(),
});

function teamValues(input: TeamMemberInput) {
  const data = teamMemberInputSchema.parse(input);
  return {
    name: data.name,
    position: data.position,
    image: data.image,
    description: data.description,
    sortOrder: data.sort_order,
  };
}

/**
 * The console's management of public content: lists with every status, edits and deletes, each
 * recorded in the audit log. Public reads stay in the blog, team and careers services.
 */
export function createContentAdminService(db: Database, deps: { blog: BlogService; audit: AuditService }) {
  async function found<T>(row: T | undefined, what: string): Promise<T> {
    if (!row) throw new HttpError(404, `${what} not found`);
    return row;
  }
  const getPost = async (id: number) =>
    found((await db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0], "Post");
  const getMember = async (id: number) =>
    found((await db.select().from(teamMembers).where(eq(teamMembers.id, id)))[0], "Team member");
  const getJob = async (id: number) => found((await db.select().from(jobs).where(eq(jobs.id, id)))[0], "Job");
  const getComment = async (id: number) =>
    found((await db.select().from(blogComments).where(eq(blogComments.id, id)))[0], "Comment");

  return {
    blog: {
      async list(q: Page & { status?: "draft" | "published"; language?: string }) {
        const where = and(
          q.status ? eq(blogPosts.status, q.status) : undefined,
          q.language ? eq(blogPosts.language, q.language) : undefined,
          searchAny(q.search, [blogPosts.heading, blogPosts.tags, blogPosts.author]),
        );
        const order = orderBy(
          q.sort,
          { heading: blogPosts.heading, status: blogPosts.status, published_at: blogPosts.publishedAt },
          desc(blogPosts.updatedAt),
          blogPosts.id,
        );
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(blogPosts)
            .where(where)
            .orderBy(...order)
            .limit(page(q).limit)
            .offset(page(q).offset),
          db.$count(blogPosts, where),
        ]);
        return { rows: rows.map(blogRow), total };
      },
      async get(id: number) {
        const row = await getPost(id);
        return { ...blogRow(row), full_description: row.fullDescription };
      },
      async create(actor: Actor, input: BlogPostInput) {
        const created = await deps.blog.create(blogPostInputSchema.parse(input));
        const row = await getPost(created.id);
        await deps.audit.record(actor, "create", "blog_post", row.id, null, blogRow(row));
        return blogRow(row);
      },
      async update(actor: Actor, id: number, input: BlogPostInput) {
        const before = await getPost(id);
        await deps.blog.update(id, blogPostInputSchema.parse(input));
        const after = await getPost(id);
        await deps.audit.record(
          actor,
          "update",
          "blog_post",
          id,
          { ...blogRow(before), full_description: before.fullDescription },
          { ...blogRow(after), full_description: after.fullDescription },
        );
        return blogRow(after);
      },
      async remove(actor: Actor, id: number) {
        const before = await getPost(id);
        await db.delete(blogPosts).where(eq(blogPosts.id, id));
        await deps.audit.record(actor, "delete", "blog_post", id, blogRow(before), null);
      },
    },

    team: {
      async list(q: Page) {
        const where = searchAny(q.search, [teamMembers.name, teamMembers.position]);
        const order = orderBy(
          q.sort,
          { name: teamMembers.name, sort_order: teamMembers.sortOrder },
          asc(teamMembers.sortOrder),
          teamMembers.id,
        );
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(teamMembers)
            .where(where)
            .orderBy(...order)
            .limit(page(q).limit)
            .offset(page(q).offset),
          db.$count(teamMembers, where),
        ]);
        return { rows: rows.map(teamRow), total };
      },
      async create(actor: Actor, input: TeamMemberInput) {
        const [row] = await db.insert(teamMembers).values(teamValues(input)).returning();
        await deps.audit.record(actor, "create", "team_member", row!.id, null, teamRow(row!));
        return teamRow(row!);
      },
      async update(actor: Actor, id: number, input: TeamMemberInput) {
        const before = await getMember(id);
        const [row] = await db
          .update(teamMembers)
          .set({ ...teamValues(input), updatedAt: new Date() })
          .where(eq(teamMembers.id, id))
          .returning();
        await deps.audit.record(actor, "update", "team_member", id, teamRow(before), teamRow(row!));
        return teamRow(row!);
      },
      async remove(actor: Actor, id: number) {
        const before = await getMember(id);
        await db.delete(teamMembers).where(eq(teamMembers.id, id));
        await deps.audit.record(actor, "delete", "team_member", id, teamRow(before), null);
      },
    },

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
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(jobs)
            .where(where)
            .orderBy(...order)
            .limit(page(q).limit)
            .offset(page(q).offset),
          db.$count(jobs, where),
        ]);
        return { rows: rows.map(jobRow), total };
      },
      async create(actor: Actor, input: JobInput) {
        const [row] = await db.insert(jobs).values(jobValues(input)).returning();
        await deps.audit.record(actor, "create", "job", row!.id, null, jobRow(row!));
        return jobRow(row!);
      },
      async update(actor: Actor, id: number, input: JobInput) {
        const before = await getJob(id);
        const [row] = await db
          .update(jobs)
          .set({ ...jobValues(input), updatedAt: new Date() })
          .where(eq(jobs.id, id))
          .returning();
        await deps.audit.record(actor, "update", "job", id, jobRow(before), jobRow(row!));
        return jobRow(row!);
      },
      async remove(actor: Actor, id: number) {
        const before = await getJob(id);
        await db.delete(jobs).where(eq(jobs.id, id));
        await deps.audit.record(actor, "delete", "job", id, jobRow(before), null);
      },
    },

    comments: {
      async list(q: Page & { blog_id?: number; visibility?: "visible" | "hidden" }) {
        const where = and(
          q.blog_id ? eq(blogComments.blogId, q.blog_id) : undefined,
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
            .limit(page(q).limit)
            .offset(page(q).offset),
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
            created_at: c.createdAt.toISOString(),
          })),
          total,
        };
      },
      async setHidden(actor: Actor, id: number, hidden: boolean) {
        const before = await getComment(id);
        await db.update(blogComments).set({ hidden }).where(eq(blogComments.id, id));
        await deps.audit.record(actor, "update", "comment", id, { hidden: before.hidden }, { hidden });
      },
      async remove(actor: Actor, id: number) {
        const before = await getComment(id);
        await db.delete(blogComments).where(eq(blogComments.id, id));
        await deps.audit.record(
          actor,
          "delete",
          "comment",
          id,
          { name: before.name, comment: before.comment, blog_id: before.blogId },
          null,
        );
      },
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
