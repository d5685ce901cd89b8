CREATE TABLE "import_value_answers" (
	"type" text NOT NULL,
	"field" text NOT NULL,
	"folded" text NOT NULL,
	"text" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_value_answers_type_field_folded_pk" PRIMARY KEY("type","field","folded")
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "member_id" integer;