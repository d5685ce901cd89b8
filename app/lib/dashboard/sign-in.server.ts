import { data, redirect, type AppLoadContext } from "react-router";
import type { LoginResponse } from "#schemas/auth.ts";
import { readForm } from "../page-form.server";
import { sessionCookie } from "./session";
import {
  credentialProblems,
  destination,
  passwordOutcome,
  readCredentials,
  readSecondFactor,
  secondFactorBody,
  secondFactorOutcome,
  secondFactorProblems,
  refusalOf,
  SIGN_IN_EXPIRED,
  type SignInOutcome,
  type SignInStep,
} from "./sign-in-form";

// The answer holds the sign-in's challenge or what was typed: never kept by a browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

const step = (value: SignInStep, status: number) => data(value, { status, headers: NO_STORE });

/**
 * The sign-in page's action: a form posted without JavaScript (or before the page's script had loaded) goes
 * to the same API routes the script calls, and answers the page's next step with the same messages. A
 * sign-in sets the session the script would (the API's refresh cookie, the console's token and user id)
 * and goes where the operator was going.
 */
export async function signInAction({
  request,
  url,
  context,
}: {
  request: Request;
  url: URL;
  context: AppLoadContext;
}) {
  const form = await readForm(request);
  const next = url.searchParams.get("next");
  const signedIn = (outcome: Extract<SignInOutcome, { kind: "signed_in" }>, cookies: string[]) =>
    sessionStarted(url.protocol === "https:", outcome.answer, cookies, next);

  // The second step's form carries the challenge of the first.
  if (!form.has("challenge")) {
    const values = readCredentials(form);
    const problems = credentialProblems(values);
    if (problems) return step({ step: "password", username: values.username, ...problems }, 400);
    const answer = await context.postPageForm("/api/auth/login", values);
    const outcome = passwordOutcome(answer.status, answer.body);
    if (outcome.kind === "signed_in") return signedIn(outcome, answer.cookies);
    if (outcome.kind === "second_factor")
      return step(
        {
          step: "second_factor",
          username: values.username,
          challenge: outcome.challenge,
          method: "code",
          errors: {},
        },
        200,
      );
    return step({ step: "password", username: values.username, ...refusalOf(outcome) }, answer.status);
  }

  const { username, challenge, method, value } = readSecondFactor(form);
  const expired = () => step({ step: "password", username, message: SIGN_IN_EXPIRED, errors: {} }, 401);
  if (form.get("intent") === "switch_method")
    return step(
      {
        step: "second_factor",
        username,
        challenge,
        method: method === "code" ? "recovery_code" : "code",
        errors: {},
      },
      200,
    );
  const body = secondFactorBody(challenge, method, value);
  const problems = secondFactorProblems(body);
  if (problems?.challenge) return expired();
  if (problems) return step({ step: "second_factor", username, challenge, method, errors: problems }, 400);
  const answer = await context.postPageForm("/api/auth/login/second_factor", body);
  const outcome = secondFactorOutcome(answer.status, answer.body);
  if (outcome.kind === "signed_in") return signedIn(outcome, answer.cookies);
  if (outcome.kind === "expired") return expired();
  return step({ step: "second_factor", username, challenge, method, ...refusalOf(outcome) }, answer.status);
}

/** The redirect into the console with the session's cookies: the API's (refresh) and the console's own. */
function sessionStarted(https: boolean, answer: LoginResponse, cookies: string[], next: string | null) {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", sessionCookie("token", answer.access_token, https));
  headers.append("Set-Cookie", sessionCookie("user_id", String(answer.user_id), https));
  return redirect(destination(answer, next), { headers });
}
