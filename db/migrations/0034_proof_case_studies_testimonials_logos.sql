CREATE TABLE "case_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"industry" text NOT NULL,
	"summary" text NOT NULL,
	"challenge" text DEFAULT '' NOT NULL,
	"approach" text DEFAULT '' NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"quote_attribution" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_studies_status_check" CHECK ("case_studies"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "client_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"link" text,
	"approved" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"person" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"quote" text NOT NULL,
	"photo" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_status_check" CHECK ("testimonials"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_key" ON "case_studies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "case_studies_published_idx" ON "case_studies" USING btree ("status","sort_order","id");--> statement-breakpoint
CREATE INDEX "client_logos_approved_idx" ON "client_logos" USING btree ("approved","sort_order","id");--> statement-breakpoint
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","sort_order","id");--> statement-breakpoint
CREATE TRIGGER "case_studies_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_studies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "client_logos_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_logos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
