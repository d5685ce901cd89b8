import { z } from "zod";
import { blogLanguages, blogStatuses } from "./blog";
import { commentStatuses } from "./comment-limits";
import { recordId } from "./common";
import { listQuerySchema } from "./list-query";

/** Console list filters for the site's content (blog, team, jobs, comments). */
export const blogListQuerySchema = listQuerySchema.extend({
  // "scheduled": published with a date still to come; "published" then means live on the site.
  status: z.enum([...blogStatuses, "scheduled"], "status must be draft, scheduled or published").optional(),
  language: z.enum(blogLanguages, "language must be English, Hindi or Tamil").optional(),
});

export const jobListQuerySchema = listQuerySchema.extend({
  status: z.enum(["open", "closed"], "status must be open or closed").optional(),
});

export const commentListQuerySchema = listQuerySchema.extend({
  blog_id: recordId("blog_id must be a post id").optional(),
  visibility: z.enum(["visible", "hidden"], "visibility must be visible or hidden").optional(),
  /** "held" is the moderation queue. */
  status: z.enum(commentStatuses, "status must be published, held or rejected").optional(),
});

/** Hide or show a comment, or moderate it: approve ("published") or reject ("rejected", kept, never shown). */
export const commentModerationSchema = z
  .object({
    hidden: z.boolean("hidden must be true or false").optional(),
    status: z.enum(["published", "rejected"], "status must be published (approve) or rejected").optional(),
  })
  .strict()
  .refine((b) => b.hidden !== undefined || b.status !== undefined, "Send hidden or status");
