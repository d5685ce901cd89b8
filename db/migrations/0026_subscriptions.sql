CREATE TABLE "subscription_dispatches" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_dispatches_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_key" ON "subscriptions" USING btree ("kind",lower("email"),"language","search");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_key" ON "subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_confirm_token_key" ON "subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "subscriptions_kind_status_idx" ON "subscriptions" USING btree ("kind","status","language");