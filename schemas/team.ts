import { z } from "zod";

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
    .regex(/^(\/[^/]|https:\/\/)/, "Use a site path (/…) or an https:// address")
    .nullish()
    .transform((v) => v ?? null),
  description: z.string().trim().max(3000, "Description must be at most 3,000 characters").default(""),
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

/** A member in the console's list (GET /api/team_members): the public fields and the display order. */
export const teamRowSchema = teamMemberSchema.extend({ sort_order: z.number().int() });
export type TeamRow = z.output<typeof teamRowSchema>;
