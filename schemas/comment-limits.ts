// The comment limits without Zod: the post page shows them and pages with them, and must not load the
// schema library with every article (the form loads schemas/comment.ts when someone starts writing).

export const COMMENT_NAME_MAX = 100;
/**
 * Longest comment: a few thorough paragraphs. With COMMENTS_PER_PAGE a page of comments stays under ~50 KB
 * of text however many a post collects (5,000 characters × 2,000 comments once made a 11 MB page).
 */
export const COMMENT_TEXT_MAX = 2000;
/** Comments on one page of a post, counted from the newest (`?comments=2` for the 20 before them…). */
export const COMMENTS_PER_PAGE = 20;
/**
 * Most comments in one answer of GET /api/blog_comments/: without paging parameters it answers the newest
 * this many (the spec's plain array, in the order they were written); `page_size` goes up to it.
 */
export const COMMENT_LIST_MAX = 100;

/** A comment's moderation state: only "published" is shown on the site. */
export const commentStatuses = ["published", "held", "rejected"] as const;
export type CommentStatus = (typeof commentStatuses)[number];
