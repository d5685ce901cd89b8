ALTER TABLE "buy_sell_listings" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
UPDATE "members" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'members' AND r."outcome" = 'new' AND r."record_id" = t."id";--> statement-breakpoint
UPDATE "trucks" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'trucks' AND r."outcome" = 'new' AND r."record_id" = t."id";--> statement-breakpoint
UPDATE "drivers" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'drivers' AND r."outcome" = 'new' AND r."record_id" = t."id";--> statement-breakpoint
UPDATE "loads" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'loads' AND r."outcome" = 'new' AND r."record_id" = t."id";--> statement-breakpoint
UPDATE "buy_sell_listings" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'buy_sell' AND r."outcome" = 'new' AND r."record_id" = t."id";--> statement-breakpoint
UPDATE "crm_leads" t SET "import_batch_id" = r."batch_id" FROM "import_rows" r JOIN "import_batches" b ON b."id" = r."batch_id" WHERE b."type" = 'leads' AND r."outcome" = 'new' AND r."record_id" = t."id";
