CREATE TABLE "compaction_due" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"erased_in" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- Erasures made before this table existed left their values in the files of these tables: compact them once.
INSERT INTO "compaction_due" ("table_name") VALUES ('job_applications'), ('job_application_submissions'), ('job_application_notes'), ('audit_log'), ('mail_outbox');
