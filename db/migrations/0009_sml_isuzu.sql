-- The brand list said "SML Lsuzu" (a typo of SML Isuzu); stored rows take the right spelling.
UPDATE "trucks" SET "brand" = 'SML Isuzu' WHERE "brand" = 'SML Lsuzu';--> statement-breakpoint
UPDATE "buy_sell_listings" SET "brand" = 'SML Isuzu' WHERE "brand" = 'SML Lsuzu';
