ALTER TABLE "blog_comments" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE INDEX "blog_comments_status_idx" ON "blog_comments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_status_check" CHECK ("blog_comments"."status" in ('published', 'held', 'rejected'));