DROP INDEX "buy_sell_filter_idx";--> statement-breakpoint
DROP INDEX "buy_sell_created_idx";--> statement-breakpoint
DROP INDEX "crm_leads_created_idx";--> statement-breakpoint
DROP INDEX "drivers_filter_idx";--> statement-breakpoint
DROP INDEX "drivers_created_idx";--> statement-breakpoint
DROP INDEX "feedback_status_idx";--> statement-breakpoint
DROP INDEX "feedback_created_idx";--> statement-breakpoint
DROP INDEX "loads_filter_idx";--> statement-breakpoint
DROP INDEX "loads_created_idx";--> statement-breakpoint
DROP INDEX "members_filter_idx";--> statement-breakpoint
DROP INDEX "members_created_idx";--> statement-breakpoint
DROP INDEX "service_requests_kind_idx";--> statement-breakpoint
DROP INDEX "service_requests_kind_created_idx";--> statement-breakpoint
DROP INDEX "trucks_filter_idx";--> statement-breakpoint
DROP INDEX "trucks_created_idx";--> statement-breakpoint
CREATE INDEX "buy_sell_price_idx" ON "buy_sell_listings" USING btree ("price");--> statement-breakpoint
CREATE INDEX "buy_sell_kms_idx" ON "buy_sell_listings" USING btree ("kms_driven");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trucks_brand_idx" ON "trucks" USING btree ("state","brand","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buy_sell_filter_idx" ON "buy_sell_listings" USING btree ("state","brand","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "buy_sell_created_idx" ON "buy_sell_listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "crm_leads_created_idx" ON "crm_leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "drivers_filter_idx" ON "drivers" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "drivers_created_idx" ON "drivers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_filter_idx" ON "loads" USING btree ("from_state","body_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_created_idx" ON "loads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "members_filter_idx" ON "members" USING btree ("state","service_category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_kind_idx" ON "service_requests" USING btree ("kind","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_kind_created_idx" ON "service_requests" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trucks_filter_idx" ON "trucks" USING btree ("state","body_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trucks_created_idx" ON "trucks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);