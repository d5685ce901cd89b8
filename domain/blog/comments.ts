import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogComments, blogPosts } from "#db/schema/index.ts";
import {
  COMMENT_LIST_MAX,
  commentInputSchema,
  type CommentInput,
  type PublicComment,
} from "#schemas/comment.ts";
import { insertUnlessRepeated } from "../repeat-guard";
import { isPublic } from "./visibility";

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

/** The public's comments on published posts: read a page at a time, and posted at once. */
export function createCommentService(db: Database) {
  return {
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
  };
}
