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
import type { PublicAddressService } from "../settings/public-address";
import { addToCommentDigest, moderationFor } from "./comment-moderation";
import { isPublic } from "./visibility";

/** Comments the public sees: published (not held or rejected), not hidden, on a published post (of one post when `blogId` is given). */
const visibleComments = (blogId: number | undefined) =>
  and(
    eq(blogComments.hidden, false),
    eq(blogComments.status, "published"),
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
export function createCommentService(db: Database, publicAddress?: Pick<PublicAddressService, "url">) {
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

    /**
     * Stores a comment, published at once or held for an editor (moderationFor), and adds it to the editors'
     * digest in the same transaction; null when the post is not public.
     */
    async addComment(input: CommentInput): Promise<(PublicComment & { held: boolean }) | null> {
      const data = commentInputSchema.parse(input);
      const [post] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, data.blog_id), isPublic()));
      if (!post) return null;
      const consoleAddress = (await publicAddress?.url()) ?? "";
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
          message: "You posted this comment a moment ago; there is no need to send it again.",
        },
        async (tx) => {
          const status = await moderationFor(tx, data);
          const [row] = await tx
            .insert(blogComments)
            .values({
              blogId: data.blog_id,
              name: data.name,
              emailId: data.email_id,
              comment: data.comment,
              status,
            })
            .returning(publicCommentColumns);
          await addToCommentDigest(tx, row!.id, consoleAddress);
          return { ...row!, held: status === "held" };
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
