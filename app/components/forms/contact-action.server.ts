import type { AppLoadContext } from "react-router";
import { acceptForm, readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import {
  CONTACT_FIELDS,
  contactBody,
  NETWORK_ERROR,
  readContact,
  THANK_YOU,
  TOO_MANY,
} from "./contact-fields";
import { validateContact } from "./contact-validation";

/**
 * The contact form posted without JavaScript (from any page's copy; it posts to /contact): checked with the
 * API's schema, then sent to the API route the script sends it to, its rate limit and honeypot included.
 */
export async function contactAction(request: Request, context: AppLoadContext) {
  const { url_hp, ...values } = readContact(await readForm(request));
  const body = { ...contactBody(values), url_hp };
  const invalid = validateContact(body);
  if (invalid) return refuseForm(values, invalid);
  const sent = await sendPageForm(context, "/api/contact_requests", body, {
    values,
    fields: CONTACT_FIELDS,
    fallback: (status) => (status === 429 ? TOO_MANY : NETWORK_ERROR),
  });
  if (!sent.ok) return sent.refused;
  return acceptForm({ sent: typeof sent.body.message === "string" ? sent.body.message : THANK_YOU });
}
