CREATE TABLE "login_known_addresses" (
	"username" text NOT NULL,
	"address" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_addresses_username_address_pk" PRIMARY KEY("username","address")
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "recent_failures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "login_known_addresses_last_idx" ON "login_known_addresses" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "login_throttle_updated_idx" ON "login_throttle" USING btree ("updated_at");