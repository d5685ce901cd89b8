DROP INDEX "drivers_filter_idx";--> statement-breakpoint
DROP INDEX "feedback_status_idx";--> statement-breakpoint
CREATE INDEX "buy_sell_band_idx" ON "buy_sell_listings" USING btree (width_bucket("price", array[0,500001,1000001,2000001,3000001,5000001,9000001]::bigint[]),width_bucket("kms_driven", array[0,10001,50001,100001,300001,500001,1000001,2000001]::int[]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"owner_name","contact_no","vehicle_number","location","brand","price","kms_driven");--> statement-breakpoint
CREATE INDEX "members_state_search_idx" ON "members" USING btree ("state","first_name","last_name","phone","company","id");--> statement-breakpoint
CREATE INDEX "drivers_filter_idx" ON "drivers" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"driver_name","vehicle_number","licence_number","contact_no","company_name");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Statistics of the band expressions, without which the planner guesses two rows and skips the index.
ANALYZE "buy_sell_listings";
