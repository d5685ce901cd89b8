import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { jobApplications } from "./careers";
import { contactRequests, operators } from "./content";
import { mailOutbox } from "./mail";
import { threadDirections } from "#schemas/thread.ts";

/**
 * The mail exchanged with a person about one enquiry or one application, beside the record (the person's
 * first message is the record itself). An answer from the console is `out`, sent through the outbox row
 * `mail_id`, whose status tells whether it went; a row goes with its record (delete, trash, erasure).
 */
export const threadMessages = pgTable(
  "thread_messages",
  {
    id: serial("id").primaryKey(),
    enquiryId: integer("enquiry_id").references(() => contactRequests.id, { onDelete: "cascade" }),
    applicationId: integer("application_id").references(() => jobApplications.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: threadDirections }).notNull(),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    /** Who wrote it in the console, as named then (kept when the operator is deleted). */
    operatorName: text("operator_name").notNull().default(""),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("thread_messages_enquiry_idx")
      .on(t.enquiryId, t.createdAt)
      .where(sql`${t.enquiryId} is not null`),
    index("thread_messages_application_idx")
      .on(t.applicationId, t.createdAt)
      .where(sql`${t.applicationId} is not null`),
    check("thread_messages_one_record", sql`num_nonnulls(${t.enquiryId}, ${t.applicationId}) = 1`),
    check("thread_messages_direction_check", sql`${t.direction} in ('in', 'out')`),
  ],
);
