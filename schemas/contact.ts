import { z } from "zod";
import { isOneLine, personName } from "./one-line";

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? "");

/** The "Request a Demo or Contact Us" form; the same schema checks the browser form and the API body. */
export const contactRequestSchema = z.object({
  first_name: personName("first name"),
  last_name: personName("last name"),
  organization: optional(200, "Organization").refine(isOneLine, "Organization must be one line"),
  email: z
    .string()
    .trim()
    .pipe(z.email("Enter a valid official e-mail address").max(200, "E-mail must be at most 200 characters")),
  phone: optional(30, "Phone").pipe(
    z.string().regex(/^$|^\+?[0-9 ()-]{7,20}$/, "Enter a phone number of 7-20 digits"),
  ),
  location: optional(100, "Location").refine(isOneLine, "Location must be one line"),
  message: z
    .string()
    .trim()
    .min(1, "Tell us how we can help")
    .max(5000, "Message must be at most 5,000 characters"),
  privacy_consent: z.literal(true, "Please accept the privacy policy to continue"),
  /** Honeypot: hidden from people, so anything here came from a bot. */
  url_hp: z.string().max(0, "Your message could not be sent.").optional(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const enquiryStatuses = ["new", "contacted", "closed"] as const;
