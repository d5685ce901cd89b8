import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { operators, postFields } from "./content";

/**
 * Saved versions of a post's editable fields (bounded: domain/blog/admin.ts); restoring one saves a new one.
 * No foreign key to the post: a deleted post's revisions stay here while it is in the trash (copying them
 * there held the embedded server for seconds) and go when its trash entry is purged (domain/trash.ts).
 */
export const blogRevisions = pgTable(
  "blog_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id").notNull(),
    ...postFields(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    // The operator may be removed later; the name keeps the history readable.
    savedById: integer("saved_by_id").references(() => operators.id, { onDelete: "set null" }),
    savedBy: text("saved_by").notNull(),
  },
  (t) => [index("blog_revisions_post_idx").on(t.postId, t.savedAt.desc(), t.id.desc())],
);
