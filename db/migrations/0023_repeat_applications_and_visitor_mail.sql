CREATE TABLE "job_application_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"cover_note" text DEFAULT '' NOT NULL,
	"profile_url" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"notice_period" text DEFAULT '' NOT NULL,
	"answers" jsonb,
	"cv_file_name" text NOT NULL,
	"cv_content_type" text NOT NULL,
	"cv_size" integer NOT NULL,
	"cv_bytes" "bytea" NOT NULL,
	"keep_for_future" boolean DEFAULT false NOT NULL,
	"stage_then" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "job_application_submissions" ADD CONSTRAINT "job_application_submissions_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_submissions_app_idx" ON "job_application_submissions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_visitor_idx" ON "mail_outbox" USING btree (lower("recipient"),"created_at") WHERE "mail_outbox"."visitor";