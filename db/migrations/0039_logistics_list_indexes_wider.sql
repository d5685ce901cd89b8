DROP INDEX "crm_leads_status_idx";--> statement-breakpoint
DROP INDEX "loads_filter_idx";--> statement-breakpoint
DROP INDEX "members_filter_idx";--> statement-breakpoint
CREATE INDEX "crm_leads_status_idx" ON "crm_leads" USING btree ("status","follow_up_date","id","name","contact_no","company","interest");--> statement-breakpoint
CREATE INDEX "loads_filter_idx" ON "loads" USING btree ("from_state","body_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"contact_no","contact_name","company_name","from_city","to_city","material");--> statement-breakpoint
CREATE INDEX "members_filter_idx" ON "members" USING btree ("state","service_category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"first_name","last_name","phone","company");