ALTER TABLE "jobs" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "answers" jsonb;--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING btree ("about") WHERE "mail_outbox"."about" is not null;--> statement-breakpoint
-- Mail queued before this column: the hiring notification links its application; the confirmation went to the
-- candidate's address with the job's title in its subject.
UPDATE "mail_outbox" SET "about" = 'job_application:' || substring("text" from '/dashboard/applications\?open=([0-9]+)')
WHERE "about" IS NULL AND "text" ~ '/dashboard/applications\?open=[0-9]+';--> statement-breakpoint
UPDATE "mail_outbox" AS m SET "about" = 'job_application:' || a."id"
FROM "job_applications" AS a JOIN "jobs" AS j ON j."id" = a."job_id"
WHERE m."about" IS NULL AND lower(m."recipient") = lower(a."email")
  AND m."subject" IN ('We received your application: ' || j."job_title", 'We updated your application: ' || j."job_title");
