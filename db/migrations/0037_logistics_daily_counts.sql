CREATE TABLE "logistics_daily_counts" (
	"table_name" text NOT NULL,
	"day" date NOT NULL,
	"imported" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "logistics_daily_counts_table_name_day_imported_pk" PRIMARY KEY("table_name","day","imported")
);
--> statement-breakpoint
-- One pass over the statement's rows (transition tables), so a 2,000-row import or a 3-million-row seed moves
-- the counts once; days are ordered so concurrent writers lock the same counter rows in the same order.
CREATE OR REPLACE FUNCTION "logistics_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "logistics_daily_counts" WHERE "table_name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
    SELECT TG_TABLE_NAME, ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*)
    FROM "new_rows" GROUP BY d, i ORDER BY d, i
    ON CONFLICT ("table_name", "day", "imported") DO UPDATE SET "n" = "logistics_daily_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
    SELECT TG_TABLE_NAME, ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, -count(*)
    FROM "old_rows" GROUP BY d, i ORDER BY d, i
    ON CONFLICT ("table_name", "day", "imported") DO UPDATE SET "n" = "logistics_daily_counts"."n" + excluded."n";
  ELSE
    -- An edit that keeps the day and the import mark (nearly all) writes nothing.
    INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
    SELECT TG_TABLE_NAME, d, i, sum(k) FROM (
      SELECT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, -1 AS k FROM "old_rows"
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "import_batch_id" IS NOT NULL, 1 FROM "new_rows"
    ) AS moved GROUP BY d, i HAVING sum(k) <> 0 ORDER BY d, i
    ON CONFLICT ("table_name", "day", "imported") DO UPDATE SET "n" = "logistics_daily_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "members_count_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "members_count_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "members_count_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "members_count_truncate" AFTER TRUNCATE ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
SELECT 'members', ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*) FROM "members" GROUP BY d, i;
--> statement-breakpoint
CREATE TRIGGER "loads_count_insert" AFTER INSERT ON "loads" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "loads_count_update" AFTER UPDATE ON "loads" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "loads_count_delete" AFTER DELETE ON "loads" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "loads_count_truncate" AFTER TRUNCATE ON "loads" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
SELECT 'loads', ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*) FROM "loads" GROUP BY d, i;
--> statement-breakpoint
CREATE TRIGGER "trucks_count_insert" AFTER INSERT ON "trucks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "trucks_count_update" AFTER UPDATE ON "trucks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "trucks_count_delete" AFTER DELETE ON "trucks" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "trucks_count_truncate" AFTER TRUNCATE ON "trucks" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
SELECT 'trucks', ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*) FROM "trucks" GROUP BY d, i;
--> statement-breakpoint
CREATE TRIGGER "drivers_count_insert" AFTER INSERT ON "drivers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "drivers_count_update" AFTER UPDATE ON "drivers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "drivers_count_delete" AFTER DELETE ON "drivers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "drivers_count_truncate" AFTER TRUNCATE ON "drivers" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
SELECT 'drivers', ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*) FROM "drivers" GROUP BY d, i;
--> statement-breakpoint
CREATE TRIGGER "buy_sell_listings_count_insert" AFTER INSERT ON "buy_sell_listings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "buy_sell_listings_count_update" AFTER UPDATE ON "buy_sell_listings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "buy_sell_listings_count_delete" AFTER DELETE ON "buy_sell_listings" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
CREATE TRIGGER "buy_sell_listings_count_truncate" AFTER TRUNCATE ON "buy_sell_listings" FOR EACH STATEMENT EXECUTE FUNCTION "logistics_count_rows"();
--> statement-breakpoint
INSERT INTO "logistics_daily_counts" ("table_name", "day", "imported", "n")
SELECT 'buy_sell_listings', ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS d, "import_batch_id" IS NOT NULL AS i, count(*) FROM "buy_sell_listings" GROUP BY d, i;
