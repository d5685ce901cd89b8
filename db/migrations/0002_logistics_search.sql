CREATE INDEX "buy_sell_search_idx" ON "buy_sell_listings" USING gin (("owner_name" || ' ' || "contact_no" || ' ' || "vehicle_number" || ' ' || "location" || ' ' || "brand") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_created_idx" ON "crm_leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_leads_search_idx" ON "crm_leads" USING gin (("name" || ' ' || "contact_no" || ' ' || "company" || ' ' || "interest") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_notes_lead_idx" ON "crm_notes" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drivers_search_idx" ON "drivers" USING gin (("driver_name" || ' ' || "vehicle_number" || ' ' || "licence_number" || ' ' || "contact_no" || ' ' || "company_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_search_idx" ON "feedback" USING gin (("text" || ' ' || "reply") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loads_search_idx" ON "loads" USING gin (("contact_no" || ' ' || "contact_name" || ' ' || "company_name" || ' ' || "from_city" || ' ' || "to_city" || ' ' || "material") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin (("first_name" || ' ' || "last_name" || ' ' || "phone" || ' ' || "company") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_history_member_idx" ON "service_history" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_kind_created_idx" ON "service_requests" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_search_idx" ON "service_requests" USING gin (("vehicle_number" || ' ' || "contact_no" || ' ' || "notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trucks_search_idx" ON "trucks" USING gin (("vehicle_number" || ' ' || "contact_no" || ' ' || "owner_name" || ' ' || "company_name" || ' ' || "from_city" || ' ' || "to_city") gin_trgm_ops);