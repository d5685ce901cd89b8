import { z } from "zod";
import { IMAGE_SOURCE_RULE, isAllowedImageSource } from "#shared/image-sources.ts";

/** A member page's address: lower-case letters and digits in words joined by single hyphens. */
export const TEAM_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A LinkedIn page: https://www.linkedin.com/ and a path of two or more parts (/in/name) (no query, fragment, port or other host). */
export const LINKEDIN_URL = /^https:\/\/www\.linkedin\.com\/[A-Za-z0-9_%-]+(?:\/[A-Za-z0-9_%-]+)+\/?$/;

/** A leadership team member as an editor enters it. */
export const teamMemberInputSchema = z.object({
  name: z
    .string({ error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(100, "Name must be at most 100 characters"),
  position: z
    .string({ error: "Enter a position" })
    .trim()
    .min(1, "Enter a position")
    .max(100, "Position must be at most 100 characters"),
  image: z
    .string()
    .trim()
    .max(500, "Image address must be at most 500 characters")
    // Every public image's rule: a browser reads "/\\host/…" as another site, and JSON-LD hands any host to crawlers.
    .refine((v) => v === "" || isAllowedImageSource(v), `Portrait: ${IMAGE_SOURCE_RULE}`)
    .nullish()
    .transform((v) => v || null),
  description: z.string().trim().max(3000, "Description must be at most 3,000 characters").default(""),
  /** The member's page, /leadership/{slug}; left empty, the server makes it from the name. */
  slug: z
    .string()
    .trim()
    .max(80, "The page address must be at most 80 characters")
    .regex(
      TEAM_SLUG,
      "Use lower-case letters, digits and single hyphens for the page address, such as kavita-iyer",
    )
    .or(z.literal(""))
    .nullish()
    .transform((v) => v || null),
  linkedin: z
    .string()
    .trim()
    .max(200, "The LinkedIn address must be at most 200 characters")
    .regex(
      LINKEDIN_URL,
      "Enter a LinkedIn address that starts https://www.linkedin.com/, such as https://www.linkedin.com/in/your-name",
    )
    .or(z.literal(""))
    .nullish()
    .transform((v) => v || null),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type TeamMemberInput = z.input<typeof teamMemberInputSchema>;

/** GET /api/teams/ item and GET /api/teams/{id}/. */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  image: z.string().nullable(),
  description: z.string(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

/** A member as their own page shows them (/leadership/{slug}). */
export const teamProfileSchema = teamMemberSchema.extend({
  slug: z.string(),
  linkedin: z.string().nullable(),
});
export type TeamProfile = z.output<typeof teamProfileSchema>;

/** A member in the console's list (GET /api/team_members): the public fields, the page's address and the display order. */
export const teamRowSchema = teamProfileSchema.extend({ sort_order: z.number().int() });
export type TeamRow = z.output<typeof teamRowSchema>;
