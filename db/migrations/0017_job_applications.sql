CREATE TABLE "job_application_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_application_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"reason" text,
	"operator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"cover_note" text DEFAULT '' NOT NULL,
	"profile_url" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"notice_period" text DEFAULT '' NOT NULL,
	"cv_file_name" text,
	"cv_content_type" text,
	"cv_size" integer,
	"cv_bytes" "bytea",
	"keep_for_future" boolean DEFAULT false NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"reject_reason" text,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resubmissions" integer DEFAULT 0 NOT NULL,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_stages" ADD CONSTRAINT "job_application_stages_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_notes_app_idx" ON "job_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "job_application_stages_app_idx" ON "job_application_stages" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_job_email_idx" ON "job_applications" USING btree ("job_id",lower("email")) WHERE "job_applications"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_stage_idx" ON "job_applications" USING btree ("stage","stage_changed_at");