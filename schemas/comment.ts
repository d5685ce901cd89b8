import { z } from "zod";
import { timestamp } from "./api-responses";
import { recordId } from "./common";
import { COMMENT_LIST_MAX, COMMENT_NAME_MAX, COMMENT_TEXT_MAX, commentStatuses } from "./comment-limits";
import { isOneLine, looksLikeLink } from "./one-line";

export { COMMENT_LIST_MAX, COMMENT_NAME_MAX, COMMENT_TEXT_MAX, COMMENTS_PER_PAGE } from "./comment-limits";

/**
 * The 'Leave a Reply' form and POST /api/blog_comments/; text is stored as typed, in Unicode's composed form
 * (NFC), so a Hindi or Tamil word typed on any keyboard is stored, and found, the same way.
 */
export const commentInputSchema = z.object({
  blog_id: recordId("Choose a valid blog post"),
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .normalize("NFC")
    .min(1, "Enter your name")
    .max(COMMENT_NAME_MAX, `Name must be at most ${COMMENT_NAME_MAX} characters`)
    // Shown beside the comment and in the editors' digest: a name, not a place for a link.
    .refine(
      (v) => isOneLine(v) && !looksLikeLink(v),
      "Write your name only: one line, without web or e-mail addresses",
    ),
  email_id: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .pipe(z.email("Enter a valid e-mail address").max(200, "E-mail must be at most 200 characters")),
  comment: z
    .string({ error: "Write your comment" })
    .trim()
    .normalize("NFC")
    .min(1, "Write your comment")
    .max(COMMENT_TEXT_MAX, `Comment must be at most ${COMMENT_TEXT_MAX.toLocaleString("en-US")} characters`),
  /** Honeypot: hidden from people, so anything here came from a bot. */
  url_hp: z.string().max(0, "Your comment could not be posted.").optional(),
});
export type CommentInput = z.input<typeof commentInputSchema>;

/** A comment as the public sees it; the commenter's e-mail address is never published. */
export const publicCommentSchema = z.object({
  id: z.number().int(),
  blog_id: z.number().int(),
  name: z.string(),
  comment: z.string(),
  created_at: timestamp(),
});
export type PublicComment = Omit<z.output<typeof publicCommentSchema>, "created_at"> & { created_at: Date };

/** The answer to a posted comment: the comment, and whether it waits for an editor before it is shown. */
export const postedCommentSchema = publicCommentSchema.extend({
  held: z
    .boolean()
    .describe("True when the comment awaits moderation: it is not shown until an editor approves it."),
});

/** What the commenter is told when their comment is held (the API's message; pages say it in their language). */
export const COMMENT_HELD_MESSAGE =
  "Your comment awaits moderation. It will appear here once an editor approves it.";

/** A comment in the console's moderation list (GET /api/comments): its post, the address, and whether hidden. */
export const commentRowSchema = publicCommentSchema.extend({
  blog_heading: z.string(),
  email_id: z.string(),
  hidden: z.boolean(),
  status: z.enum(commentStatuses),
});
export type CommentRow = z.output<typeof commentRowSchema>;

const positiveInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, `${name} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be a whole number from 1 to ${max}`));

/** GET /api/blog_comments/: one post's comments or all, the newest COMMENT_LIST_MAX or a page of them. */
export const commentQuerySchema = z.object({
  blog_id: recordId("blog_id must be a positive whole number").optional(),
  page: positiveInt("page", 100_000).optional(),
  page_size: positiveInt("page_size", COMMENT_LIST_MAX).optional(),
});
