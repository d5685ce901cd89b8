import { sql } from "drizzle-orm";
import { commentStatuses } from "#schemas/comment-limits.ts";
import type { JobQuestion } from "#schemas/job-answers.ts";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, ownedBy } from "./columns";

export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    // Stored lower-cased so "Admin" and "admin" are one account.
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Where "Forgot password?" sends its link; optional, one operator per address (any letter case). */
    email: text("email"),
    role: text("role", { enum: ["admin", "editor"] })
      .notNull()
      .default("editor"),
    disabled: boolean("disabled").notNull().default(false),
    /**
     * Set while the operator was invited and has not yet chosen a password (the hash is unusable until then);
     * cleared when a password is set by any path.
     */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("operators_username_key").on(t.username),
    uniqueIndex("operators_email_key").on(sql`lower(${t.email})`),
    check("operators_role_check", sql`${t.role} in ('admin', 'editor')`),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    operatorId: ownedBy("operator_id", () => operators.id),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
  ],
);

/** One row (id = 1) holding the editable contact details shown across the site. */
export const siteSettings = pgTable("site_settings", {
  id: integer("id").primaryKey().default(1),
  data: jsonb("data").notNull(),
  updatedAt: updatedAt(),
});

/** A post's editable fields, held by the post and by each saved version of it (blog_revisions). */
export const postFields = () => ({
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
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    ...postFields(),
    // Signed into every preview link; raising it (new link, revoke, delete) voids the links signed before.
    previewVersion: integer("preview_version").notNull().default(0),
    /**
     * Posts that translate one another share a group: the id of the post first translated. That post itself
     * keeps null, so its group is coalesce(translation_group, id) and adding a translation never writes to it.
     */
    translationGroup: integer("translation_group"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.status, t.publishedAt.desc(), t.id.desc()),
    // One post per language in a group; also how a post finds its translations.
    uniqueIndex("blog_posts_translation_key").on(sql`coalesce(${t.translationGroup}, ${t.id})`, t.language),
  ],
);

export const blogComments = pgTable(
  "blog_comments",
  {
    id: serial("id").primaryKey(),
    blogId: ownedBy("blog_id", () => blogPosts.id),
    name: text("name").notNull(),
    emailId: text("email_id").notNull(),
    comment: text("comment").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    /** "held" until an editor approves it (links, or a first comment from the address); only "published" is public. */
    status: text("status", { enum: commentStatuses }).notNull().default("published"),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_comments_blog_idx").on(t.blogId, t.createdAt),
    // The moderation queue and "has this address a published comment?".
    index("blog_comments_status_idx").on(t.status, t.createdAt),
    check("blog_comments_status_check", sql`${t.status} in ('published', 'held', 'rejected')`),
  ],
);

export const teamMembers = pgTable("team_members", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  position: text("position").notNull(),
  image: text("image"),
  description: text("description").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    jobTitle: text("job_title").notNull(),
    company: text("company").notNull(),
    location: text("location").notNull(),
    salary: text("salary").notNull().default(""),
    employmentType: text("employment_type").notNull().default("FULL_TIME"),
    jobDescription: text("job_description").notNull().default(""),
    responsibilities: jsonb("responsibilities").$type<string[]>().notNull().default([]),
    requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
    /** Up to five questions the application form asks (schemas/job-answers.ts). */
    questions: jsonb("questions").$type<JobQuestion[]>().notNull().default([]),
    applyLink: text("apply_link"),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    validThrough: timestamp("valid_through", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("jobs_status_created_idx").on(t.status, t.createdAt.desc())],
);

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    organization: text("organization").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    location: text("location").notNull().default(""),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "contacted", "closed"] })
      .notNull()
      .default("new"),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("contact_requests_status_idx").on(t.status, t.createdAt.desc())],
);
