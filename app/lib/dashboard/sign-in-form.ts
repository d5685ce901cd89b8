import { homeFor, mayOpen } from "#app/components/dashboard/nav.ts";
import { formFields, validateForm, type FieldErrors } from "#app/components/forms/validate.ts";
import { loginSchema, type LoginResponse } from "#schemas/auth.ts";
import { secondFactorSchema } from "#schemas/two-factor.ts";

/**
 * The sign-in form's steps, checks and readings of the API's answers, shared by the page's script (which
 * calls the API) and the route's action (which posts a form sent without JavaScript to the same route), so
 * both show the same messages.
 */

export const EMPTY_CREDENTIALS = "Enter your username and password.";
export const SIGN_IN_FAILED = "Sign-in failed. Please try again.";
export const SIGN_IN_EXPIRED = "Your sign-in expired. Enter your username and password again.";

export const NETWORK_ERROR = "Network error. Please check your connection and try again.";

export type SecondFactorMethod = "code" | "recovery_code";

/**
 * Where the page stands: kept in state by the page's script, answered by the action to a post without it.
 * The username rides along the second step, for the first step's form should the sign-in have to start again.
 */
export type SignInStep =
  | { step: "password"; username: string; message?: string; errors: FieldErrors }
  | {
      step: "second_factor";
      username: string;
      challenge: string;
      method: SecondFactorMethod;
      message?: string;
      errors: FieldErrors;
    };

/** What an answer of the API means for the page. */
export type SignInOutcome =
  | { kind: "signed_in"; answer: LoginResponse }
  | { kind: "second_factor"; challenge: string }
  | { kind: "expired" }
  | { kind: "refused"; message: string; errors: FieldErrors };

type Answer = Record<string, unknown>;

/** Only same-site console paths are followed after sign-in (no open redirect), in what a Location header can carry. */
export function safeNext(next: string | null): string | null {
  return next && /^\/dashboard\/[!-[\]-~]*$/.test(next) ? next : null;
}

/** Where a signed-in operator goes: where they were going if their role may open it, else its first screen. */
export function destination(answer: LoginResponse, next: string | null) {
  const role = answer.role ?? "editor";
  const wanted = safeNext(next);
  return wanted && mayOpen(role, new URL(wanted, "http://console").pathname) ? wanted : homeFor(role);
}

export const readCredentials = (form: FormData) => formFields(form, ["username", "password"] as const);

/** The password step's problems before anything is sent: each field's message, and the form's own. */
export function credentialProblems(values: {
  username: string;
  password: string;
}): { message?: string; errors: FieldErrors } | null {
  const checked = validateForm(loginSchema, values);
  if (checked.ok) return null;
  return {
    message: !values.username.trim() || !values.password ? EMPTY_CREDENTIALS : undefined,
    errors: checked.errors,
  };
}

/** The second step as posted: the challenge, which kind of code, and the code typed. */
export function readSecondFactor(form: FormData) {
  const fields = formFields(form, ["username", "challenge", "method", "code", "recovery_code"] as const);
  const method: SecondFactorMethod = fields.method === "recovery_code" ? "recovery_code" : "code";
  return { username: fields.username, challenge: fields.challenge, method, value: fields[method] };
}

/** The second step's body for the API. */
export const secondFactorBody = (
  challenge: string,
  method: SecondFactorMethod,
  value: string,
): Record<string, string> => ({ challenge, [method]: value });

/** The second step's problems before anything is sent; a missing challenge means starting again. */
export function secondFactorProblems(body: Record<string, string>): FieldErrors | null {
  const checked = validateForm(secondFactorSchema, body);
  return checked.ok ? null : checked.errors;
}

/** A refusal's message and field messages, for the step the page is on. */
export const refusalOf = (outcome: SignInOutcome): { message?: string; errors: FieldErrors } =>
  outcome.kind === "refused" ? { message: outcome.message, errors: outcome.errors } : { errors: {} };

const succeeded = (status: number) => status >= 200 && status < 300;

function refused(status: number, body: Answer): SignInOutcome {
  return {
    kind: "refused",
    message: typeof body.message === "string" ? body.message : SIGN_IN_FAILED,
    // The API's field messages are the schema's, which the page checked already; any other refusal is the form's.
    errors: status === 400 && body.errors ? (body.errors as FieldErrors) : {},
  };
}

/** The password step's answer (POST /api/auth/login). */
export function passwordOutcome(status: number, body: Answer): SignInOutcome {
  if (succeeded(status) && body.second_factor_required === true && typeof body.challenge === "string")
    return { kind: "second_factor", challenge: body.challenge };
  if (succeeded(status) && typeof body.access_token === "string")
    return { kind: "signed_in", answer: body as unknown as LoginResponse };
  return refused(status, body);
}

/** The second step's answer (POST /api/auth/login/second_factor). */
export function secondFactorOutcome(status: number, body: Answer): SignInOutcome {
  if (succeeded(status) && typeof body.access_token === "string")
    return { kind: "signed_in", answer: body as unknown as LoginResponse };
  // The challenge expired, or the password changed meanwhile: back to the first step.
  if (
    status === 401 &&
    typeof body.message === "string" &&
    body.message.startsWith("This sign-in has expired")
  )
    return { kind: "expired" };
  return refused(status, body);
}
