import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Field } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import type { passwordResetSchema } from "#schemas/password-reset.ts";

/** A page opened from a mailed link: the token sits in the fragment, which only the page's script reads. */
export function ReadingLinkCard({ title }: { title: string }) {
  return (
    <SignedOutCard title={title}>
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
}

/** The page was opened without its link's token: say where the link comes from and what to do. */
export function MissingLinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutCard title={title}>
      <div className="mt-6 space-y-4">{children}</div>
    </SignedOutCard>
  );
}

/** A new password with the token that allows it (a reset link's or an invitation's: the same shape). */
type NewPassword = { token: string; new_password: string };

/** What the server said: taken, or refused with a reason for the password field or for the whole form. */
export type NewPasswordOutcome = { ok: true } | { ok: false; passwordError?: string; message: string };

/**
 * The one "choose a password" form behind a mailed link: the usual password rules checked as the server checks
 * them, a post (never a GET, which would put the password in the address), the server's reason shown where it
 * belongs.
 */
export function NewPasswordForm({
  token,
  schema,
  label,
  hint,
  submitLabel,
  incompleteLink,
  onSubmit,
  renderError = (message) => <FormAlert>{message}</FormAlert>,
}: {
  token: string;
  schema: typeof passwordResetSchema;
  label: string;
  hint: string;
  submitLabel: string;
  incompleteLink: string;
  onSubmit: (values: NewPassword) => Promise<NewPasswordOutcome>;
  renderError?: (message: string) => ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPassword>({
    defaultValues: { token, new_password: "" },
    resolver: zodResolver(schema),
  });

  useEffect(() => form.setValue("token", token), [form, token]);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      const outcome = await onSubmit(values);
      if (outcome.ok) return;
      if (outcome.passwordError)
        form.setError("new_password", { type: "server", message: outcome.passwordError });
      else setError(outcome.message);
    },
    (errors) => {
      if (errors.token) setError(errors.token.message ?? incompleteLink);
    },
  );

  return (
    <form method="post" className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={label}
        hint={hint}
        type="password"
        autoComplete="new-password"
        error={form.formState.errors.new_password?.message}
        {...form.register("new_password")}
      />
      {error ? renderError(error) : null}
      <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner label="Saving…" /> : submitLabel}
      </button>
    </form>
  );
}
