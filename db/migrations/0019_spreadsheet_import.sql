CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb,
	"mode" text,
	"counts" jsonb,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" integer NOT NULL,
	"sheet_row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text,
	"record_id" integer,
	"before" jsonb,
	"after_hash" text,
	"errors" jsonb,
	"vehicle_id" integer,
	CONSTRAINT "import_rows_batch_id_sheet_row_pk" PRIMARY KEY("batch_id","sheet_row")
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_type_idx" ON "import_batches" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batches_created_idx" ON "import_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_leads_contact_no_idx" ON "crm_leads" USING btree ("contact_no");--> statement-breakpoint
CREATE INDEX "trucks_vehicle_number_idx" ON "trucks" USING btree ("vehicle_number");