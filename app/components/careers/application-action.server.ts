import { data, redirect, type AppLoadContext } from "react-router";
import { CV_TOO_LARGE } from "#schemas/cv-limits.ts";
import { BODY_REFUSED_HEADER, BODY_TOO_LARGE_HEADER } from "#shared/page-forms.ts";
import { readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import {
  applicationApiPath,
  applicationLabels,
  NETWORK_ERROR,
  readApplication,
  type ClosedJob,
} from "./application-fields";

const TOO_LARGE_TO_READ =
  "Your application was too large to read, so it was not kept: fill in the form again.";

/**
 * The application posted without JavaScript (multipart, with its CV): sent as it came to the API route the
 * page's script sends it to, which checks it with the shared schema and the job's questions. Every post goes
 * on, refused or not, so the route's bytes budget and its bound on refused attempts count it as they count the
 * script's; a refusal comes back as the form, filled in, with the route's messages. On success, the
 * confirmation page.
 */
export async function applicationAction(
  request: Request,
  context: AppLoadContext,
  /** null: the general application, for no particular job. */
  jobId: number | null,
) {
  if (request.headers.get(BODY_TOO_LARGE_HEADER))
    return refuseForm({}, { cv: CV_TOO_LARGE }, TOO_LARGE_TO_READ, 413);
  const refused = request.headers.get(BODY_REFUSED_HEADER);
  if (refused) return refuseForm({}, {}, decodeURIComponent(refused), 429);
  const form = await readForm(request);
  const questions = await context.services.applications.questionsFor(jobId);
  const { url_hp: _honeypot, ...values } = readApplication(form, questions);
  const sent = await sendPageForm(context, applicationApiPath(jobId), form, {
    values,
    fields: Object.keys(applicationLabels(questions)),
    fallback: () => NETWORK_ERROR,
  });
  // The API's confirmation page: the same for a first and a repeat application.
  if (sent.ok) throw redirect(String((sent.body.data as { redirect?: unknown } | undefined)?.redirect), 303);
  if (sent.status === 409 && jobId !== null) {
    const title = await context.services.careers.closedJobTitle(jobId);
    if (title !== null) throw data<ClosedJob>({ closed: true, title, refused: true }, { status: 410 });
  }
  return sent.refused;
}
