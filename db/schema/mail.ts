import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { mailAttemptOutcomes, mailStatuses } from "#schemas/mail.ts";

/**
 * Mail waiting to be sent, written in the transaction of the record that causes it (domain/mail/outbox.ts).
 * `next_attempt_at` is both the retry time and the sender's lease: a claim moves it past the send's timeout.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    /** Every attempt ever made (a Retry adds to it); `mail_attempts` keeps each one's time and outcome. */
    attempts: integer("attempts").notNull().default(0),
    /** `attempts` when an admin last retried: the automatic retries and their back-off count from here. */
    attemptsBeforeRetry: integer("attempts_before_retry").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The record the mail is about when it carries that record's personal data ("job_application:12"): erasing it reaches the mail. */
    about: text("about"),
    /** Sent because a visitor asked, to an address the visitor typed: counted by the per-recipient limits. */
    visitor: boolean("visitor").notNull().default(false),
    /** What a visitor's mail is about ("application:12"): such an address gets one a day per topic. */
    topic: text("topic"),
    /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Where a reply goes: the visitor for the team's notices, the team for a visitor's mail. */
    replyTo: text("reply_to"),
  },
  (t) => [
    // The worker's claim reads only pending rows in retry order.
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt),
    index("mail_outbox_about_idx")
      .on(t.about)
      .where(sql`${t.about} is not null`),
    // The per-recipient limits count a day of one address's visitor mail.
    index("mail_outbox_visitor_idx")
      .on(sql`lower(${t.recipient})`, t.createdAt)
      .where(sql`${t.visitor}`),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'logged', 'failed')`),
  ],
);

/**
 * One attempt to send a message: when, how it ended, and the mail server's or connection's error. Kept
 * across Retry, so the Mail screen shows the whole history; erased with the message's personal data.
 */
export const mailAttempts = pgTable(
  "mail_attempts",
  {
    id: serial("id").primaryKey(),
    mailId: integer("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: mailAttemptOutcomes }).notNull(),
    error: text("error"),
  },
  (t) => [
    index("mail_attempts_mail_idx").on(t.mailId, t.id),
    check("mail_attempts_outcome_check", sql`${t.outcome} in ('sent', 'logged', 'failed')`),
  ],
);
