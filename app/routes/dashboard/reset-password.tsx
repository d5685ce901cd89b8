import { useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { postPublic, SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { MissingLinkCard, NewPasswordForm, ReadingLinkCard } from "#app/components/dashboard/link-token.tsx";
import { useFragmentToken } from "#app/lib/dashboard/fragment-token.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { passwordResetSchema } from "#schemas/password-reset.ts";

const TITLE = "Choose a new password";

export function meta() {
  return [
    ...consoleMeta(TITLE),
    { name: "robots", content: "noindex, nofollow" },
    // The token is in the fragment, never sent; no referrer either, in case a link on the page is followed.
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function ResetPasswordPage() {
  const token = useFragmentToken();
  const [done, setDone] = useState<string | null>(null);

  if (token === undefined) return <ReadingLinkCard title={TITLE} />;

  if (done)
    return (
      <SignedOutCard title="Password changed">
        <div className="mt-6 space-y-4">
          <FormAlert tone="success">{done}</FormAlert>
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
          This page needs the link from your password reset e-mail. Open the link from the e-mail again, or
          ask for a new one.
        </FormAlert>
        <Link to="/dashboard/forgot-password" className="btn-secondary inline-block">
          Ask for a new link
        </Link>
      </MissingLinkCard>
    );

  return (
    <SignedOutCard title={TITLE}>
      <NewPasswordForm
        token={token}
        schema={passwordResetSchema}
        label="New password"
        hint="At least 12 characters, and not one of the most common passwords. Every device signed in to your account will be signed out."
        submitLabel="Set new password"
        incompleteLink="The reset link is incomplete."
        onSubmit={async (values) => {
          const result = await postPublic("POST /api/auth/reset_password", values);
          if (result.ok) {
            setDone(result.message);
            return { ok: true };
          }
          return { ok: false, passwordError: result.errors.new_password, message: result.message };
        }}
        renderError={(message) => (
          <FormAlert>
            <p>{message}</p>
            <p>
              <Link to="/dashboard/forgot-password" className="font-medium underline">
                Ask for a new link
              </Link>
            </p>
          </FormAlert>
        )}
      />
    </SignedOutCard>
  );
}
