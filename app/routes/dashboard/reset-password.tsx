import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { postPublic, SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { useFragmentToken } from "#app/lib/dashboard/fragment-token.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { passwordResetSchema, type PasswordReset } from "#schemas/password-reset.ts";

export function meta() {
  return [
    ...consoleMeta("Choose a new password"),
    { name: "robots", content: "noindex, nofollow" },
    // The token is in the fragment, never sent; no referrer either, in case a link on the page is followed.
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function ResetPasswordPage() {
  const token = useFragmentToken();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordReset>({
    defaultValues: { token: "", new_password: "" },
    resolver: zodResolver(passwordResetSchema),
  });

  useEffect(() => {
    if (token) form.setValue("token", token);
  }, [form, token]);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      const result = await postPublic("POST /api/auth/reset_password", values);
      if (result.ok) {
        setDone(result.message);
        return;
      }
      if (result.errors.new_password)
        form.setError("new_password", { type: "server", message: result.errors.new_password });
      else setError(result.message);
    },
    (errors) => {
      if (errors.token) setError(errors.token.message ?? "The reset link is incomplete.");
    },
  );

  if (token === undefined)
    return (
      <SignedOutCard title="Choose a new password">
        <div className="mt-6">
          <Spinner label="Reading your link…" />
          {/* The link's token is in the fragment, which only the page's script reads (no server sees it). */}
          <noscript>
            <FormAlert>
              This page needs JavaScript to read the link from your e-mail. Turn JavaScript on, then open the
              link again.
            </FormAlert>
          </noscript>
        </div>
      </SignedOutCard>
    );

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
      <SignedOutCard title="Choose a new password">
        <div className="mt-6 space-y-4">
          <FormAlert>
            This page needs the link from your password reset e-mail. Open the link from the e-mail again, or
            ask for a new one.
          </FormAlert>
          <Link to="/dashboard/forgot-password" className="btn-secondary inline-block">
            Ask for a new link
          </Link>
        </div>
      </SignedOutCard>
    );

  return (
    <SignedOutCard title="Choose a new password">
      {/* Drawn by the script alone (it needs the fragment's token); a post keeps the password out of any address. */}
      <form method="post" className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="New password"
          hint="At least 12 characters, and not one of the most common passwords. Every device signed in to your account will be signed out."
          type="password"
          autoComplete="new-password"
          error={form.formState.errors.new_password?.message}
          {...form.register("new_password")}
        />
        {error ? (
          <FormAlert>
            <p>{error}</p>
            <p>
              <Link to="/dashboard/forgot-password" className="font-medium underline">
                Ask for a new link
              </Link>
            </p>
          </FormAlert>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner label="Saving…" /> : "Set new password"}
        </button>
      </form>
    </SignedOutCard>
  );
}
