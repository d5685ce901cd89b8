import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Field } from "~/components/dashboard/field";
import { postPublic, SignedOutCard } from "~/components/dashboard/signed-out-card";
import { Spinner } from "~/components/dashboard/spinner";
import { consoleMeta } from "~/lib/dashboard/meta";
import { forgotPasswordSchema, type ForgotPassword } from "../../../schemas/password-reset";

export function meta() {
  return [...consoleMeta("Forgot password"), { name: "robots", content: "noindex, nofollow" }];
}

export default function ForgotPasswordPage() {
  const form = useForm<ForgotPassword>({
    defaultValues: { login: "" },
    resolver: zodResolver(forgotPasswordSchema),
  });
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await postPublic("/api/auth/forgot_password", values);
    if (result.ok) setAnswer(result.message);
    else setError(result.message);
  });

  return (
    <SignedOutCard title="Forgot your password?">
      {answer ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {answer}
          </p>
          <Link to="/dashboard/login" className="btn-secondary inline-block">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          <p className="text-sm text-slate-600">
            Enter your username or the e-mail address of your account. If it has an e-mail address, we will
            send it a link to choose a new password.
          </p>
          <Field
            label="Username or e-mail address"
            autoComplete="username"
            error={form.formState.errors.login?.message}
            {...form.register("login")}
          />
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Spinner label="Sending…" /> : "Send me a link"}
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
