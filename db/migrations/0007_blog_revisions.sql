CREATE TABLE "blog_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"heading" text NOT NULL,
	"sub_heading" text DEFAULT '' NOT NULL,
	"full_description" text DEFAULT '' NOT NULL,
	"feature_image" text,
	"image_alt_text" text DEFAULT '' NOT NULL,
	"seo_title" text,
	"meta_description" text,
	"tags" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'English' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by_id" integer,
	"saved_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_saved_by_id_operators_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_revisions_post_idx" ON "blog_revisions" USING btree ("post_id","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);