import { data, type AppLoadContext } from "react-router";
import type { PageFormBody, PageFormRoute } from "#server/page-forms.ts";
import { refusalOf, type FieldErrors, type FormAnswer } from "../components/forms/validate";

/** A form's answer is for this visitor only: never kept by a cache. */
const NO_STORE = { "Cache-Control": "no-store" };

/** The form again, filled in as it was sent, with what to fix (the page draws it with its error summary). */
export const refuseForm = <Name extends string>(
  values: Record<Name, string>,
  errors: FieldErrors,
  message?: string,
  status = 400,
) =>
  data<FormAnswer<Name>>({ values, errors, ...(message ? { message } : {}) }, { status, headers: NO_STORE });

/** The posted form; a body no browser form sends (another type, a broken multipart) is a 400, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("This form could not be read. Reload the page and send it again.", {
      status: 400,
      headers: NO_STORE,
    });
  }
}

/** An accepted form's answer for the page. */
export const acceptForm = <T>(answer: T) => data(answer, { headers: NO_STORE });

/**
 * Sends a form the action has checked to its API route in-process (docs/decisions/0020-page-forms-through-the-api.md):
 * the route's status and body when it took it, else the form again with the route's messages, read as the
 * page's script reads them (`fallback` for a refusal that says nothing).
 */
export async function sendPageForm<Name extends string>(
  context: AppLoadContext,
  route: PageFormRoute,
  body: PageFormBody,
  form: { values: Record<Name, string>; fields: readonly string[]; fallback: (status: number) => string },
) {
  const answer = await context.postPageForm(route, body);
  if (answer.status >= 200 && answer.status < 300) return { ok: true as const, ...answer };
  const { errors, message } = refusalOf(answer.body, form.fields, form.fallback(answer.status));
  return {
    ok: false as const,
    status: answer.status,
    refused: refuseForm(form.values, errors, message, answer.status),
  };
}
