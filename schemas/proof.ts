import { z } from "zod";
import { IMAGE_SOURCE_RULE, isAllowedImageSource } from "#shared/image-sources.ts";
import { listQuerySchema } from "./list-query";

import { engagementModelLabels, type EngagementModelKey } from "#shared/proof.ts";

export { caseStudyPath, clientOf, engagementModelLabels, type EngagementModelKey } from "#shared/proof.ts";
export const engagementModelKeys = Object.keys(engagementModelLabels) as [
  EngagementModelKey,
  ...EngagementModelKey[],
];
export const proofStatuses = ["draft", "published"] as const;
export type ProofStatus = (typeof proofStatuses)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .normalize("NFC")
    .min(1, `Enter ${label}`)
    .max(
      max,
      `${label.charAt(0).toUpperCase()}${label.slice(1)} must be at most ${max.toLocaleString("en-US")} characters`,
    );
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .normalize("NFC")
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .default("");
const image = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} address must be at most 500 characters`)
    .refine((v) => v === "" || isAllowedImageSource(v), `${label}: ${IMAGE_SOURCE_RULE}`)
    .nullish()
    .transform((v) => (v ? v : null));
const order = z
  .number("Display order must be a whole number")
  .int("Display order must be a whole number")
  .min(0, "Display order must be 0 or more")
  .max(10_000, "Display order must be at most 10,000")
  .default(0);
const status = z.enum(proofStatuses, "status must be draft or published").default("draft");
const example = z.boolean("is_example must be true or false").default(false);

/** One outcome figure of a case study: "40%" / "lower cost per engineer". */
export const outcomeSchema = z.object({
  value: text("the figure", 20),
  label: text("what the figure measures", 120),
});
export type Outcome = z.output<typeof outcomeSchema>;

export const SLUG_RULE = "Slug: lower-case letters, digits and single hyphens, e.g. fintech-gcc-in-pune";

/** A case study as an editor enters it; an empty slug is made from the title. */
export const caseStudyInputSchema = z.object({
  title: text("a title", 160),
  slug: z
    .string()
    .trim()
    .max(80, "Slug must be at most 80 characters")
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, SLUG_RULE)
    .default(""),
  client_name: optionalText("Client name", 120),
  industry: text("the client's industry", 80),
  summary: text("a summary", 400),
  challenge: optionalText("Challenge", 4000),
  approach: optionalText("What was done", 4000),
  outcomes: z
    .array(outcomeSchema, "outcomes must be a list of {value, label}")
    .max(6, "Give at most 6 outcome figures")
    .default([]),
  quote: optionalText("Quote", 600),
  quote_attribution: optionalText("Quote attribution", 160),
  model: z.enum(engagementModelKeys, "Choose the engagement model: captive, managed_teams or bot"),
  city: optionalText("City", 80),
  cover_image: image("Cover image"),
  cover_alt: optionalText("Cover image description", 200),
  status,
  sort_order: order,
  is_example: example,
});
export type CaseStudyInput = z.input<typeof caseStudyInputSchema>;

export const caseStudyRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  client_name: z.string(),
  industry: z.string(),
  summary: z.string(),
  challenge: z.string(),
  approach: z.string(),
  outcomes: z.array(z.object({ value: z.string(), label: z.string() })),
  quote: z.string(),
  quote_attribution: z.string(),
  model: z.enum(engagementModelKeys),
  city: z.string(),
  cover_image: z.string().nullable(),
  cover_alt: z.string(),
  status: z.enum(proofStatuses),
  published_at: z.string().nullable(),
  sort_order: z.number().int(),
  is_example: z.boolean(),
  updated_at: z.string(),
});
export type CaseStudyRow = z.output<typeof caseStudyRowSchema>;

export const testimonialInputSchema = z.object({
  person: text("the person's name", 100),
  role: optionalText("Role", 100),
  company: optionalText("Company", 120),
  quote: text("the quote", 600),
  photo: image("Photo"),
  status,
  sort_order: order,
  is_example: example,
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

export const testimonialRowSchema = z.object({
  id: z.number().int(),
  person: z.string(),
  role: z.string(),
  company: z.string(),
  quote: z.string(),
  photo: z.string().nullable(),
  status: z.enum(proofStatuses),
  sort_order: z.number().int(),
  is_example: z.boolean(),
});
export type TestimonialRow = z.output<typeof testimonialRowSchema>;

export const clientLogoInputSchema = z.object({
  name: text("the client's name", 120),
  image: z
    .string({ error: "Upload the logo" })
    .trim()
    .min(1, "Upload the logo")
    .max(500, "Logo address must be at most 500 characters")
    .refine(isAllowedImageSource, `Logo: ${IMAGE_SOURCE_RULE}`),
  link: z
    .string()
    .trim()
    .max(500, "Link must be at most 500 characters")
    .refine((v) => v === "" || /^https:\/\/[^\s/$.?#][^\s]*$/.test(v), "Link must be an https:// address")
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The client agreed to its logo on the site; until then it is not shown. */
  approved: z.boolean("approved must be true or false").default(false),
  sort_order: order,
  is_example: example,
});
export type ClientLogoInput = z.input<typeof clientLogoInputSchema>;

export const clientLogoRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  approved: z.boolean(),
  sort_order: z.number().int(),
  is_example: z.boolean(),
});
export type ClientLogoRow = z.output<typeof clientLogoRowSchema>;

/** Console list filters. */
export const proofListQuerySchema = listQuerySchema.extend({
  status: z.enum(proofStatuses, "status must be draft or published").optional(),
});
export const logoListQuerySchema = listQuerySchema.extend({
  approved: z.enum(["yes", "no"], "approved must be yes or no").optional(),
});

/** What the public pages show of a case study (no draft, no console fields). */
export type CaseStudyCard = Pick<
  CaseStudyRow,
  | "slug"
  | "title"
  | "client_name"
  | "industry"
  | "summary"
  | "model"
  | "city"
  | "cover_image"
  | "cover_alt"
  | "is_example"
  | "outcomes"
  | "updated_at"
>;
export type CaseStudyPage = CaseStudyRow;
