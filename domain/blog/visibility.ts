import { and, eq, lte, sql } from "drizzle-orm";
import { blogPosts } from "#db/schema/index.ts";

// Scheduled posts (published_at in the future) stay hidden until their time comes.
export const isPublic = () => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`));
/** The translation group a post belongs to: the first translated post's id, its own when it has none. */
export const groupOf = sql<number>`coalesce(${blogPosts.translationGroup}, ${blogPosts.id})`.mapWith(Number);
