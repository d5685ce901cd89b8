import { data, redirect, type AppLoadContext } from "react-router";
import { applicationFieldsSchema } from "../../../schemas/application";
import { CV_MISSING, CV_TOO_LARGE, MAX_CV_BYTES } from "../../../schemas/cv-limits";
import { checkAnswers } from "../../../schemas/job-answers";
import { BODY_TOO_LARGE_HEADER } from "../../../shared/page-forms";
import { refuseForm, sendPageForm } from "../../lib/page-form.server";
import { validateForm } from "../forms/validate";
import { applicationLabels, NETWORK_ERROR, readApplication, type ClosedJob } from "./application-fields";

const TOO_LARGE_TO_READ =
  "Your application was too large to read, so it was not kept: fill in the form again.";

/**
 * The application posted without JavaScript (multipart, with its CV): checked with the API's schema and the
 * job's questions, then sent to the API route the page's script sends it to (its limits, bytes budget, CV
 * checks and the same answer for a repeat application); on success, the confirmation page.
 */
export async function applicationAction(request: Request, context: AppLoadContext, jobId: number) {
  if (request.headers.get(BODY_TOO_LARGE_HEADER))
    return refuseForm({}, { cv: CV_TOO_LARGE }, TOO_LARGE_TO_READ, 413);
  const form = await request.formData();
  const questions = await context.services.applications.questionsFor(jobId);
  const values = readApplication(form, questions);
  const checked = validateForm(applicationFieldsSchema, values);
  const errors = {
    ...(checked.ok ? {} : checked.errors),
    ...checkAnswers(questions, (n) => values[n]).errors,
  };
  const cv = form.get("cv");
  if (!values.cv || !(cv instanceof File)) errors.cv = CV_MISSING;
  else if (cv.size > MAX_CV_BYTES) errors.cv = CV_TOO_LARGE;
  const { url_hp: _honeypot, ...shown } = values;
  const fields = Object.keys(applicationLabels(questions));
  if (Object.keys(errors).length > 0) {
    const { url_hp: honeypot, ...own } = errors;
    return refuseForm(shown, own, honeypot);
  }
  const sent = await sendPageForm(context, `/api/jobs/${jobId}/applications`, form, {
    values: shown,
    fields,
    fallback: () => NETWORK_ERROR,
  });
  // The API's confirmation page: the same for a first and a repeat application.
  if (sent.ok) throw redirect(String((sent.body.data as { redirect?: unknown } | undefined)?.redirect), 303);
  if (sent.status === 409) {
    const title = await context.services.careers.closedJobTitle(jobId);
    if (title !== null) throw data<ClosedJob>({ closed: true, title, refused: true }, { status: 410 });
  }
  return sent.refused;
}
