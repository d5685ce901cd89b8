CREATE TABLE "blog_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"blog_id" integer NOT NULL,
	"name" text NOT NULL,
	"email_id" text NOT NULL,
	"comment" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_title" text NOT NULL,
	"company" text NOT NULL,
	"location" text NOT NULL,
	"salary" text DEFAULT '' NOT NULL,
	"employment_type" text DEFAULT 'FULL_TIME' NOT NULL,
	"job_description" text DEFAULT '' NOT NULL,
	"responsibilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apply_link" text,
	"status" text DEFAULT 'open' NOT NULL,
	"valid_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'editor' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buy_sell_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"owner_name" text NOT NULL,
	"contact_no" text NOT NULL,
	"vehicle_number" text NOT NULL,
	"brand" text NOT NULL,
	"model_year" integer NOT NULL,
	"kms_driven" integer NOT NULL,
	"price" bigint NOT NULL,
	"location" text NOT NULL,
	"state" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_no" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"interest" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'WARM' NOT NULL,
	"follow_up_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"driver_name" text NOT NULL,
	"vehicle_number" text NOT NULL,
	"licence_number" text NOT NULL,
	"contact_no" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"state" integer NOT NULL,
	"from_city" text DEFAULT '' NOT NULL,
	"to_city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"contact_no" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"from_city" text NOT NULL,
	"from_state" integer NOT NULL,
	"to_city" text NOT NULL,
	"to_state" integer NOT NULL,
	"material" text NOT NULL,
	"weight_tons" integer NOT NULL,
	"body_type" text NOT NULL,
	"tyres" integer NOT NULL,
	"tonnage_band" text NOT NULL,
	"pickup_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"vehicle_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"state" integer NOT NULL,
	"service_category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"service" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"vehicle_number" text NOT NULL,
	"contact_no" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"vehicle_number" text NOT NULL,
	"contact_no" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"body_type" text NOT NULL,
	"tyres" integer NOT NULL,
	"tonnage_band" text NOT NULL,
	"brand" text NOT NULL,
	"state" integer NOT NULL,
	"from_city" text DEFAULT '' NOT NULL,
	"to_city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_blog_id_blog_posts_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_sell_listings" ADD CONSTRAINT "buy_sell_listings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vehicles" ADD CONSTRAINT "member_vehicles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_history" ADD CONSTRAINT "service_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_comments_blog_idx" ON "blog_comments" USING btree ("blog_id","created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_requests_status_idx" ON "contact_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_key" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "buy_sell_filter_idx" ON "buy_sell_listings" USING btree ("state","brand","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buy_sell_created_idx" ON "buy_sell_listings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_leads_status_idx" ON "crm_leads" USING btree ("status","follow_up_date");--> statement-breakpoint
CREATE INDEX "drivers_filter_idx" ON "drivers" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drivers_created_idx" ON "drivers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_filter_idx" ON "loads" USING btree ("from_state","body_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_created_idx" ON "loads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "member_vehicles_key" ON "member_vehicles" USING btree ("member_id","vehicle_no");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_key" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "members_filter_idx" ON "members" USING btree ("state","service_category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_kind_idx" ON "service_requests" USING btree ("kind","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trucks_filter_idx" ON "trucks" USING btree ("state","body_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trucks_created_idx" ON "trucks" USING btree ("created_at" DESC NULLS LAST);