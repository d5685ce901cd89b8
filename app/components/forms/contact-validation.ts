import { contactRequestSchema } from "#schemas/contact.ts";
import { fieldErrors } from "#schemas/validation.ts";

/** Field errors from the shared schema (the one the API uses), or null when the input is valid. */
export function validateContact(input: unknown): Record<string, string> | null {
  const result = contactRequestSchema.safeParse(input);
  if (result.success) return null;
  const errors = fieldErrors(result.error);
  // The honeypot is the server's call: a filled one is sent and rejected there, never explained here.
  delete errors.url_hp;
  return Object.keys(errors).length > 0 ? errors : null;
}
