import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { ConsoleTheme } from "#app/components/dashboard/theme.tsx";
import { ConsoleToaster } from "#app/components/dashboard/toaster.tsx";
import { Logo } from "#app/components/layout/logo.tsx";
import type { Body, Route as ApiRoute } from "#app/lib/dashboard/api.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { setSession, useSession } from "#app/lib/dashboard/session.ts";
import {
  credentialProblems,
  destination,
  NETWORK_ERROR,
  passwordOutcome,
  readCredentials,
  readSecondFactor,
  safeNext,
  secondFactorBody,
  secondFactorOutcome,
  secondFactorProblems,
  refusalOf,
  SIGN_IN_EXPIRED,
  type SignInStep,
} from "#app/lib/dashboard/sign-in-form.ts";
import { signInAction } from "#app/lib/dashboard/sign-in.server.ts";
import { toast } from "#app/lib/toast.tsx";
import type { LoginResponse } from "#schemas/auth.ts";
import { FEW_RECOVERY_CODES } from "#schemas/two-factor.ts";
import type { Route } from "./+types/login";

export function meta() {
  return [...consoleMeta("Sign in"), { name: "robots", content: "noindex, nofollow" }];
}

/** The form posted without JavaScript, or before the page's script has loaded (sign-in.server.ts). */
export async function action(args: Route.ActionArgs) {
  return signInAction(args);
}

// The action's answers are not to be stored (its Cache-Control); the page itself is cached as before.
export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

const FIRST_STEP: SignInStep = { step: "password", username: "", errors: {} };

/** A sign-in step: its answer comes back whatever the status (the form shows a refusal's message). */
async function postJson<R extends ApiRoute & `POST ${string}`>(route: R, body: Body<R>) {
  const res = await fetch(route.slice("POST ".length), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * The console's sign-in. Its forms post to this route (sign-in.server.ts), so they work before the script
 * has loaded and without it; once loaded, the script sends them to the API itself. The inputs are
 * uncontrolled: what was typed before hydration stays.
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const session = useSession();
  const [params] = useSearchParams();
  const [view, setView] = useState<SignInStep>(actionData ?? FIRST_STEP);
  // Each submit shows its message anew (the alert mounts again, is read out and takes focus).
  const [submits, setSubmits] = useState(0);
  const [busy, setBusy] = useState(false);
  // Set with the session of a sign-in: where its operator goes (their role's first screen, or `next`).
  const [arrival, setArrival] = useState<string | null>(null);
  const next = params.get("next");

  if (session && !busy) return <Navigate to={arrival ?? safeNext(next) ?? "/dashboard/home"} replace />;

  const signedIn = (answer: LoginResponse) => {
    setArrival(destination(answer, next));
    setSession({ token: answer.access_token, user_id: String(answer.user_id) });
    if (answer.recovery_codes_left !== undefined && answer.recovery_codes_left <= FEW_RECOVERY_CODES)
      toast.error(
        `Only ${answer.recovery_codes_left} recovery code${answer.recovery_codes_left === 1 ? "" : "s"} left: make new ones in Your account.`,
      );
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readCredentials(new FormData(form));
    setSubmits((n) => n + 1);
    const problems = credentialProblems(values);
    if (problems) return setView({ step: "password", username: values.username, ...problems });
    setView({ step: "password", username: values.username, errors: {} });
    setBusy(true);
    setSession(null);
    try {
      const answer = await postJson("POST /api/auth/login", values);
      const outcome = passwordOutcome(answer.status, answer.body);
      if (outcome.kind === "signed_in") return signedIn(outcome.answer);
      if (outcome.kind === "second_factor")
        return setView({
          step: "second_factor",
          username: values.username,
          challenge: outcome.challenge,
          method: "code",
          errors: {},
        });
      form.querySelector<HTMLInputElement>("input[name=password]")!.value = "";
      setView({ step: "password", username: values.username, ...refusalOf(outcome) });
    } catch {
      setView({ step: "password", username: values.username, message: NETWORK_ERROR, errors: {} });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
        <ConsoleTheme />
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Logo />
          {view.step === "second_factor" ? (
            <SecondFactor
              key={view.challenge}
              step={view}
              onSignedIn={signedIn}
              onRestart={() =>
                setView({ step: "password", username: view.username, message: SIGN_IN_EXPIRED, errors: {} })
              }
            />
          ) : (
            <>
              <h1 className="mt-6 text-2xl font-bold text-navy-900">Sign in to the console</h1>
              <form method="post" className="mt-6 space-y-4" onSubmit={submitPassword} noValidate>
                <Field
                  name="username"
                  label="Username"
                  autoComplete="username"
                  defaultValue={view.username}
                  error={view.errors.username}
                  autoFocus={!view.message && Boolean(view.errors.username)}
                />
                <Field
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  error={view.errors.password}
                  autoFocus={!view.message && !view.errors.username && Boolean(view.errors.password)}
                />
                {view.message ? <FormAlert key={submits}>{view.message}</FormAlert> : null}
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  {busy ? <Spinner label="Signing in…" /> : "Sign in"}
                </button>
                <p className="text-center text-sm">
                  <Link to="/dashboard/forgot-password" className="font-medium text-brand-700 underline">
                    Forgot password?
                  </Link>
                </p>
              </form>
            </>
          )}
        </div>
      </main>
      <ConsoleToaster />
    </>
  );
}

/**
 * The second step: a code from the authenticator app, or one of the recovery codes. Without the script, the
 * switch between the two is a post too (the action answers the other field).
 */
function SecondFactor({
  step,
  onSignedIn,
  onRestart,
}: {
  step: Extract<SignInStep, { step: "second_factor" }>;
  onSignedIn: (answer: LoginResponse) => void;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState(step.method);
  const [message, setMessage] = useState(step.message);
  const [errors, setErrors] = useState(step.errors);
  const [submits, setSubmits] = useState(0);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus starts at the step's heading, unless a message of a refused post takes it.
  useEffect(() => {
    if (!step.message) heading.current?.focus();
  }, [step.message]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { value } = readSecondFactor(new FormData(form));
    const body = secondFactorBody(step.challenge, method, value);
    setSubmits((n) => n + 1);
    setMessage(undefined);
    const problems = secondFactorProblems(body);
    if (problems?.challenge) return onRestart();
    setErrors(problems ?? {});
    if (problems) return;
    setBusy(true);
    try {
      // secondFactorProblems checked it against the route's schema above.
      const answer = await postJson(
        "POST /api/auth/login/second_factor",
        body as Body<"POST /api/auth/login/second_factor">,
      );
      const outcome = secondFactorOutcome(answer.status, answer.body);
      if (outcome.kind === "signed_in") return onSignedIn(outcome.answer);
      if (outcome.kind === "expired") return onRestart();
      const refused = refusalOf(outcome);
      setMessage(refused.message);
      setErrors(refused.errors);
      form.querySelector<HTMLInputElement>(`input[name=${method}]`)!.value = "";
    } catch {
      setMessage(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const recovery = method === "recovery_code";
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-2xl font-bold text-navy-900">
        Two-factor sign-in
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
          : "Enter the 6-digit code your authenticator app shows for GCC View 360."}
      </p>
      <form method="post" className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <input type="hidden" name="username" value={step.username} />
        <input type="hidden" name="challenge" value={step.challenge} />
        <input type="hidden" name="method" value={method} />
        {recovery ? (
          <Field
            key="recovery"
            name="recovery_code"
            label="Recovery code"
            autoComplete="off"
            error={errors.recovery_code}
            autoFocus={Boolean(errors.recovery_code)}
          />
        ) : (
          <Field
            key="code"
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={errors.code}
            autoFocus={Boolean(errors.code)}
          />
        )}
        {message ? <FormAlert key={submits}>{message}</FormAlert> : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? <Spinner label="Checking…" /> : "Verify"}
        </button>
        {/* A submit button, so that it works without the script (the action switches); the script switches in place. */}
        <button
          type="submit"
          name="intent"
          value="switch_method"
          formNoValidate
          className="w-full text-sm font-medium text-brand-700 underline"
          onClick={(event) => {
            event.preventDefault();
            setMethod(recovery ? "code" : "recovery_code");
            setMessage(undefined);
            setErrors({});
          }}
        >
          {recovery ? "Use a code from the app instead" : "Use a recovery code instead"}
        </button>
      </form>
    </>
  );
}
