CREATE TABLE "site_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"visitor" text NOT NULL,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"country" text,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "site_events_kind_check" CHECK ("site_events"."kind" in ('view', 'conversion'))
);
--> statement-breakpoint
CREATE TABLE "site_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_events_at_idx" ON "site_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "site_events_visitor_idx" ON "site_events" USING btree ("visitor","at");