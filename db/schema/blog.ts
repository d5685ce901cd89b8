import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { operators } from "./content";

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
    heading: text("heading").notNull(),
    subHeading: text("sub_heading").notNull().default(""),
    fullDescription: text("full_description").notNull().default(""),
    featureImage: text("feature_image"),
    imageAltText: text("image_alt_text").notNull().default(""),
    seoTitle: text("seo_title"),
    metaDescription: text("meta_description"),
    tags: text("tags").notNull().default(""),
    language: text("language").notNull().default("English"),
    author: text("author").notNull().default(""),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    // The operator may be removed later; the name keeps the history readable.
    savedById: integer("saved_by_id").references(() => operators.id, { onDelete: "set null" }),
    savedBy: text("saved_by").notNull(),
  },
  (t) => [index("blog_revisions_post_idx").on(t.postId, t.savedAt.desc(), t.id.desc())],
);
