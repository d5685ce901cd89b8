import type { AppLoadContext } from "react-router";
import { acceptForm, readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import { subscribeRequestSchema } from "#schemas/subscription.ts";
import { formFields, validateForm } from "../forms/validate";
import { SUBSCRIPTION_FIELDS } from "./subscription-form";

const TOO_MANY = "Too many requests from your network. Please wait a few minutes and try again.";
const NOT_SENT = "Your subscription could not be sent. Please try again.";

/**
 * A Subscribe or job-alert form (with or without JavaScript): checked with the API's schema, then sent to
 * the API route in-process, so its rate limit, honeypot and one answer for every address apply.
 */
export async function subscribeAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const values = formFields(form, SUBSCRIPTION_FIELDS);
  const urlHp = form.get("url_hp");
  const body = {
    kind: values.kind,
    email: values.email,
    ...(values.language ? { language: values.language } : {}),
    ...(values.search ? { search: values.search } : {}),
    ...(typeof urlHp === "string" && urlHp ? { url_hp: urlHp } : {}),
  };
  const checked = validateForm(subscribeRequestSchema, body);
  if (!checked.ok) return refuseForm(values, checked.errors);
  const sent = await sendPageForm(context, "/api/subscriptions", body, {
    values,
    fields: SUBSCRIPTION_FIELDS,
    fallback: (status) => (status === 429 ? TOO_MANY : NOT_SENT),
  });
  if (!sent.ok) return sent.refused;
  return acceptForm({ sent: typeof sent.body.message === "string" ? sent.body.message : NOT_SENT });
}
