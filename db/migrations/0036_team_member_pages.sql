ALTER TABLE "team_members" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing members get a slug from their name (a-z, 0-9 and hyphens, as shared/slug.ts makes them); a name
-- that repeats an earlier member's slug, or has nothing to spell, takes the member's id as well.
UPDATE "team_members" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'member');--> statement-breakpoint
UPDATE "team_members" AS t SET "slug" = t."slug" || '-' || t."id" WHERE t."slug" = 'member' OR EXISTS (SELECT 1 FROM "team_members" AS o WHERE o."slug" = t."slug" AND o."id" < t."id");--> statement-breakpoint
ALTER TABLE "team_members" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "linkedin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_slug_key" ON "team_members" USING btree ("slug");
