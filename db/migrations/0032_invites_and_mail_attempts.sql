CREATE TABLE "mail_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	CONSTRAINT "mail_attempts_outcome_check" CHECK ("mail_attempts"."outcome" in ('sent', 'logged', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts_before_retry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_attempts" ADD CONSTRAINT "mail_attempts_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attempts_mail_idx" ON "mail_attempts" USING btree ("mail_id","id");--> statement-breakpoint
-- The last error of a message already failed or waiting to be retried becomes the first entry of its history.
INSERT INTO "mail_attempts" ("mail_id", "attempted_at", "outcome", "error") SELECT "id", "created_at", 'failed', "last_error" FROM "mail_outbox" WHERE "last_error" IS NOT NULL AND "status" IN ('failed', 'pending');
