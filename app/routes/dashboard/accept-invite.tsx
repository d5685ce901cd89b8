import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { MissingLinkCard, NewPasswordForm, ReadingLinkCard } from "#app/components/dashboard/link-token.tsx";
import { useFragmentToken } from "#app/lib/dashboard/fragment-token.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { setSession } from "#app/lib/dashboard/session.ts";
import { destination, NETWORK_ERROR, passwordOutcome } from "#app/lib/dashboard/sign-in-form.ts";
import { inviteAcceptSchema } from "#schemas/operator.ts";

const TITLE = "Choose your password";

export function meta() {
  return [
    ...consoleMeta(TITLE),
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
  const [accepted, setAccepted] = useState<string | null>(null);

  if (token === undefined) return <ReadingLinkCard title={TITLE} />;

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
      <MissingLinkCard title={TITLE}>
        <FormAlert>
          This page needs the link from your invitation e-mail. Open the link from the e-mail again, or ask
          the administrator who invited you for a new invitation.
        </FormAlert>
      </MissingLinkCard>
    );

  return (
    <SignedOutCard title={TITLE}>
      <p className="mt-2 text-sm text-slate-700">
        You were invited to the console. Choose the password you will sign in with.
      </p>
      <NewPasswordForm
        token={token}
        schema={inviteAcceptSchema}
        label="Password"
        hint="At least 12 characters, and not one of the most common passwords."
        submitLabel="Set password and sign in"
        incompleteLink="The invitation link is incomplete."
        onSubmit={async (values) => {
          try {
            const answer = await postJson("/api/auth/invite/accept", values);
            if (answer.status !== 200) {
              const fields = (answer.body.errors ?? {}) as Record<string, string>;
              const message = typeof answer.body.message === "string" ? answer.body.message : NETWORK_ERROR;
              return { ok: false, passwordError: fields.new_password, message };
            }
            const username = (answer.body.data as { username: string }).username;
            setAccepted(username);
            // The password is set: sign in with it, as the sign-in page would.
            const login = await postJson("/api/auth/login", { username, password: values.new_password });
            const outcome = passwordOutcome(login.status, login.body);
            if (outcome.kind === "signed_in") {
              setSession({ token: outcome.answer.access_token, user_id: String(outcome.answer.user_id) });
              void navigate(destination(outcome.answer, null), { replace: true });
            }
            return { ok: true };
          } catch {
            return { ok: false, message: NETWORK_ERROR };
          }
        }}
      />
    </SignedOutCard>
  );
}
