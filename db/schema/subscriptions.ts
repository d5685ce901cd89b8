import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { subscriptionKinds } from "#schemas/subscription.ts";

/**
 * A visitor's subscription: new blog posts in one language, or job alerts for a search. Pending until the
 * confirmation link is followed; unsubscribing or an operator's removal deletes the row (nothing is kept).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: subscriptionKinds }).notNull(),
    email: text("email").notNull(),
    /** The blog language followed (blog); empty for job alerts. */
    language: text("language").notNull().default(""),
    /** The careers search a job alert matches (every word); empty for the blog. */
    search: text("search").notNull().default(""),
    status: text("status", { enum: ["pending", "confirmed"] })
      .notNull()
      .default("pending"),
    /** SHA-256 of the confirmation link's token; cleared once confirmed, so the link works once. */
    confirmTokenHash: text("confirm_token_hash"),
    /** Put in every mail's unsubscribe link; it can only end this subscription. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscriptions_key").on(t.kind, sql`lower(${t.email})`, t.language, t.search),
    uniqueIndex("subscriptions_unsubscribe_token_key").on(t.unsubscribeToken),
    uniqueIndex("subscriptions_confirm_token_key").on(t.confirmTokenHash),
    index("subscriptions_kind_status_idx").on(t.kind, t.status, t.language),
    check("subscriptions_status_check", sql`${t.status} in ('pending', 'confirmed')`),
  ],
);

/** A post or job already mailed to its subscribers: each is mailed once, whichever instance gets there first. */
export const subscriptionDispatches = pgTable(
  "subscription_dispatches",
  {
    kind: text("kind", { enum: subscriptionKinds }).notNull(),
    recordId: integer("record_id").notNull(),
    recipients: integer("recipients").notNull().default(0),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] })],
);
