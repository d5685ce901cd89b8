import { sql } from "drizzle-orm";
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
import type { Outcome } from "#schemas/proof.ts";
import { createdAt, updatedAt } from "./columns";

/**
 * Proof a buyer can check: case studies, testimonials and client logos, kept in the console. Each has an
 * order (lowest first) and `is_example` for the demo's made-up records, which show an "Example" badge.
 */
export const caseStudies = pgTable(
  "case_studies",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Empty when the client stays anonymous: the industry names it ("A logistics company"). */
    clientName: text("client_name").notNull().default(""),
    industry: text("industry").notNull(),
    summary: text("summary").notNull(),
    challenge: text("challenge").notNull().default(""),
    approach: text("approach").notNull().default(""),
    outcomes: jsonb("outcomes").$type<Outcome[]>().notNull().default([]),
    quote: text("quote").notNull().default(""),
    quoteAttribution: text("quote_attribution").notNull().default(""),
    /** The engagement model used (schemas/proof.ts `engagementModelKeys`). */
    model: text("model").notNull(),
    city: text("city").notNull().default(""),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt").notNull().default(""),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    sortOrder: integer("sort_order").notNull().default(0),
    isExample: boolean("is_example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_key").on(t.slug),
    index("case_studies_published_idx").on(t.status, t.sortOrder, t.id),
    check("case_studies_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    person: text("person").notNull(),
    role: text("role").notNull().default(""),
    company: text("company").notNull().default(""),
    quote: text("quote").notNull(),
    photo: text("photo"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    sortOrder: integer("sort_order").notNull().default(0),
    isExample: boolean("is_example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("testimonials_status_idx").on(t.status, t.sortOrder, t.id),
    check("testimonials_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

/** A client's logo is shown only once the client has approved its use (`approved`). */
export const clientLogos = pgTable(
  "client_logos",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    link: text("link"),
    approved: boolean("approved").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    isExample: boolean("is_example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("client_logos_approved_idx").on(t.approved, t.sortOrder, t.id)],
);
