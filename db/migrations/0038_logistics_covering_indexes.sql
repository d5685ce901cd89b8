DROP INDEX "buy_sell_price_idx";--> statement-breakpoint
DROP INDEX "drivers_filter_idx";--> statement-breakpoint
DROP INDEX "feedback_status_idx";--> statement-breakpoint
CREATE INDEX "members_state_search_idx" ON "members" USING btree ("state","first_name","last_name","phone","company","id");--> statement-breakpoint
CREATE INDEX "buy_sell_price_idx" ON "buy_sell_listings" USING btree ("price","kms_driven","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"owner_name","contact_no","vehicle_number","location","brand");--> statement-breakpoint
CREATE INDEX "drivers_filter_idx" ON "drivers" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"driver_name","vehicle_number","licence_number","contact_no","company_name");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);