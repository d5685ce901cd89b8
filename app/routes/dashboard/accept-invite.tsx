import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { useFragmentToken } from "#app/lib/dashboard/fragment-token.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { setSession } from "#app/lib/dashboard/session.ts";
import { destination, NETWORK_ERROR, passwordOutcome } from "#app/lib/dashboard/sign-in-form.ts";
import { inviteAcceptSchema, type InviteAccept } from "#schemas/operator.ts";

export function meta() {
  return [
    ...consoleMeta("Choose your password"),
    { name: "robots", content: "noindex, nofollow" },
    // The token is in the fragment, never sent; no referrer either, in case a link on the page is followed.
    { name: "referrer", content: "no-referrer" },
  ];
}

async function postJson(path: string, body: unknown) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * The page an invitation's link opens: the invited operator chooses a password under the usual rules, is
 * signed in with it, and lands on their first screen (or sets up two-factor first, where the role requires it).
 */
export default function AcceptInvitePage() {
  const token = useFragmentToken();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const form = useForm<InviteAccept>({
    defaultValues: { token: "", new_password: "" },
    resolver: zodResolver(inviteAcceptSchema),
  });

  useEffect(() => {
    if (token) form.setValue("token", token);
  }, [form, token]);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        const answer = await postJson("/api/auth/invite/accept", values);
        if (answer.status !== 200) {
          const fields = (answer.body.errors ?? {}) as Record<string, string>;
          if (fields.new_password)
            form.setError("new_password", { type: "server", message: fields.new_password });
          else setError(typeof answer.body.message === "string" ? answer.body.message : NETWORK_ERROR);
          return;
        }
        const username = (answer.body.data as { username: string }).username;
        setAccepted(username);
        // The password is set: sign in with it, as the sign-in page would.
        const login = await postJson("/api/auth/login", { username, password: values.new_password });
        const outcome = passwordOutcome(login.status, login.body);
        if (outcome.kind !== "signed_in") return;
        setSession({ token: outcome.answer.access_token, user_id: String(outcome.answer.user_id) });
        navigate(destination(outcome.answer, null), { replace: true });
      } catch {
        setError(NETWORK_ERROR);
      }
    },
    (errors) => {
      if (errors.token) setError(errors.token.message ?? "The invitation link is incomplete.");
    },
  );

  if (token === undefined)
    return (
      <SignedOutCard title="Choose your password">
        <div className="mt-6">
          <Spinner label="Reading your link…" />
          <noscript>
            <FormAlert>
              This page needs JavaScript to read the link from your e-mail. Turn JavaScript on, then open the
              link again.
            </FormAlert>
          </noscript>
        </div>
      </SignedOutCard>
    );

  if (accepted)
    return (
      <SignedOutCard title="Your password is set">
        <div className="mt-6 space-y-4">
          <FormAlert tone="success">
            Your account {accepted} is ready. If you are not taken to the console in a moment, sign in with
            your username and the password you chose.
          </FormAlert>
          <Link to="/dashboard/login" className="btn-primary inline-block">
            Sign in
          </Link>
        </div>
      </SignedOutCard>
    );

  if (!token)
    return (
      <SignedOutCard title="Choose your password">
        <div className="mt-6">
          <FormAlert>
            This page needs the link from your invitation e-mail. Open the link from the e-mail again, or ask
            the administrator who invited you for a new invitation.
          </FormAlert>
        </div>
      </SignedOutCard>
    );

  return (
    <SignedOutCard title="Choose your password">
      <p className="mt-2 text-sm text-slate-700">
        You were invited to the console. Choose the password you will sign in with.
      </p>
      <form method="post" className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Password"
          hint="At least 12 characters, and not one of the most common passwords."
          type="password"
          autoComplete="new-password"
          error={form.formState.errors.new_password?.message}
          {...form.register("new_password")}
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner label="Saving…" /> : "Set password and sign in"}
        </button>
      </form>
    </SignedOutCard>
  );
}
