import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { formFields, validateForm, type FieldErrors } from "#app/components/forms/validate.ts";
import {
  postPublic,
  publicAnswer,
  SignedOutCard,
  type PublicAnswer,
} from "#app/components/dashboard/signed-out-card.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { readForm } from "#app/lib/page-form.server.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { forgotPasswordSchema } from "#schemas/password-reset.ts";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [...consoleMeta("Forgot password"), { name: "robots", content: "noindex, nofollow" }];
}

/** The form as it stands: the answer once sent, else what was typed and what to fix. */
type ForgotState = { answer: string } | { login: string; message?: string; errors: FieldErrors };

const readLogin = (form: FormData) => formFields(form, ["login"] as const);
const check = (values: { login: string }) => validateForm(forgotPasswordSchema, values);
const afterPost = (login: string, shown: PublicAnswer): ForgotState =>
  shown.ok ? { answer: shown.message } : { login, message: shown.message, errors: shown.errors };

/**
 * The form posted without JavaScript (or before the page's script has loaded): checked with the same schema
 * and sent to the same API route as the script sends it (its limits and answer floor included).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = readLogin(await readForm(request));
  const noStore = { "Cache-Control": "no-store" };
  const checked = check(values);
  if (!checked.ok)
    return data<ForgotState>(
      { login: values.login, errors: checked.errors },
      { status: 400, headers: noStore },
    );
  const answer = await context.postPageForm("/api/auth/forgot_password", values);
  return data(afterPost(values.login, publicAnswer(answer.status, answer.body)), {
    status: answer.status,
    headers: noStore,
  });
}

export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const [state, setState] = useState<ForgotState>(actionData ?? { login: "", errors: {} });
  const [submits, setSubmits] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readLogin(new FormData(event.currentTarget));
    setSubmits((n) => n + 1);
    const checked = check(values);
    if (!checked.ok) return setState({ login: values.login, errors: checked.errors });
    setState({ login: values.login, errors: {} });
    setBusy(true);
    setState(afterPost(values.login, await postPublic("POST /api/auth/forgot_password", values)));
    setBusy(false);
  };

  return (
    <SignedOutCard title="Forgot your password?">
      {"answer" in state ? (
        <div className="mt-6 space-y-4">
          <FormAlert tone="success">{state.answer}</FormAlert>
          <Link to="/dashboard/login" className="btn-secondary inline-block">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form method="post" className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <p className="text-sm text-slate-600">
            Enter your username or the e-mail address of your account. If it has an e-mail address, we will
            send it a link to choose a new password.
          </p>
          <Field
            name="login"
            label="Username or e-mail address"
            autoComplete="username"
            defaultValue={state.login}
            error={state.errors.login}
            autoFocus={!state.message && Boolean(state.errors.login)}
          />
          {state.message ? <FormAlert key={submits}>{state.message}</FormAlert> : null}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? <Spinner label="Sending…" /> : "Send me a link"}
          </button>
          <p className="text-center text-sm">
            <Link to="/dashboard/login" className="font-medium text-brand-700 underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </SignedOutCard>
  );
}
