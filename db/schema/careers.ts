import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { jobs } from "./content";
import { bytea } from "./media";

import { applicationStages, rejectReasons } from "#schemas/application.ts";
import type { ApplicationAnswer } from "#schemas/job-answers.ts";

/** What the application form sends besides the CV: the columns of an application and of a later submission. */
const sentFields = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  coverNote: text("cover_note").notNull().default(""),
  profileUrl: text("profile_url").notNull().default(""),
  city: text("city").notNull().default(""),
  noticePeriod: text("notice_period").notNull().default(""),
  /** Answers to the job's questions as they were asked; null when the job asked none (and once anonymised). */
  answers: jsonb("answers").$type<ApplicationAnswer[]>(),
});

/**
 * A candidate's application to one job, taken on the site. The CV is stored in the row (like uploads,
 * docs/decisions/0002-media-in-database.md); anonymisation blanks the personal columns and keeps stage
 * and dates for statistics.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: serial("id").primaryKey(),
    // Set null when the job is deleted: the candidate's application (and its retention) outlives the post.
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    /** Sent for no particular job (no open position fitted); a deleted job's application has no job either. */
    general: boolean("general").notNull().default(false),
    ...sentFields(),
    /** The name the candidate's file had: shown and offered on download (escaped), never used as a path. */
    cvFileName: text("cv_file_name"),
    cvContentType: text("cv_content_type"),
    cvSize: integer("cv_size"),
    cvBytes: bytea("cv_bytes"),
    keepForFuture: boolean("keep_for_future").notNull().default(false),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    stage: text("stage", { enum: applicationStages }).notNull().default("new"),
    rejectReason: text("reject_reason", { enum: rejectReasons }),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Times the form was sent again for the same job with this address (each kept in job_application_submissions). */
    resubmissions: integer("resubmissions").notNull().default(0),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live application per candidate and job: applying again adds a submission to it.
    uniqueIndex("job_applications_job_email_idx")
      .on(t.jobId, sql`lower(${t.email})`)
      .where(sql`${t.anonymisedAt} is null`),
    // One live general application per candidate, as for a job (its job_id is null, which the index above skips).
    uniqueIndex("job_applications_general_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.general} and ${t.anonymisedAt} is null`),
    index("job_applications_created_idx").on(t.createdAt.desc()),
    index("job_applications_stage_idx").on(t.stage, t.stageChangedAt),
  ],
);

/**
 * The form sent again for a job with an address that already applied: kept beside the application, never
 * merged into it, since whoever knows the address can send it (docs/decisions/0018-repeat-applications.md).
 * Deleted with the application's personal data.
 */
export const jobApplicationSubmissions = pgTable(
  "job_application_submissions",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    ...sentFields(),
    cvFileName: text("cv_file_name").notNull(),
    cvContentType: text("cv_content_type").notNull(),
    cvSize: integer("cv_size").notNull(),
    cvBytes: bytea("cv_bytes").notNull(),
    /** The "keep my CV" box as ticked in this post; the application's own consent stays as it was given. */
    keepForFuture: boolean("keep_for_future").notNull().default(false),
    /** The application's stage when this came in (e.g. sent again after a rejection). */
    stageThen: text("stage_then", { enum: applicationStages }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_application_submissions_app_idx").on(t.applicationId, t.createdAt)],
);

/** Every stage an application went through, who moved it and why (a rejection's reason). */
export const jobApplicationStages = pgTable(
  "job_application_stages",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    fromStage: text("from_stage", { enum: applicationStages }),
    toStage: text("to_stage", { enum: applicationStages }).notNull(),
    reason: text("reason", { enum: rejectReasons }),
    operatorName: text("operator_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_application_stages_app_idx").on(t.applicationId, t.createdAt)],
);

/** The hiring team's notes on an application, with author and time. */
export const jobApplicationNotes = pgTable(
  "job_application_notes",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    operatorName: text("operator_name").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_application_notes_app_idx").on(t.applicationId, t.createdAt)],
);
