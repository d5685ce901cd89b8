import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, type ComponentProps, type FormEventHandler, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary, Field } from "#app/components/dashboard/field.tsx";
import { flattenErrors, formSubmit, useFocusOnError } from "#app/components/dashboard/kit/use-record-form.ts";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import { Loading, Spinner } from "#app/components/dashboard/spinner.tsx";
import { TwoFactorSection } from "#app/components/dashboard/two-factor.tsx";
import { call, request } from "#app/lib/dashboard/api.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { passwordChangeSchema, type Device, type PasswordChange } from "#schemas/auth.ts";
import { ownEmailSchema, type OwnEmail } from "#schemas/password-reset.ts";

export const meta = () => consoleMeta("Your account");

const SESSIONS = "/api/auth/sessions";
const ACCOUNT = "/api/auth/account";

export default function Account() {
  return (
    <section className="grid max-w-3xl gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Your account</h1>
      <ChangePassword />
      <TwoFactorSection />
      <EmailAddress />
      <Devices />
    </section>
  );
}

/** One panel of the account page: a form under its heading (`${id}-heading`), its refusal, its submit button. */
function AccountForm({
  id,
  title,
  onSubmit,
  errors,
  busy,
  disabled = false,
  submitLabel,
  children,
}: {
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  errors: ComponentProps<typeof ErrorSummary>["errors"];
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      <ErrorSummary errors={errors} />
      {children}
      <div>
        <button type="submit" className="btn-primary" disabled={busy || disabled}>
          {busy ? <Spinner /> : null} {submitLabel}
        </button>
      </div>
    </form>
  );
}

function ChangePassword() {
  const empty: PasswordChange = { current_password: "", new_password: "" };
  const form = useForm<PasswordChange>({ defaultValues: empty, resolver: zodResolver(passwordChangeSchema) });
  const errors = flattenErrors(form.formState.errors);
  const failed = useFocusOnError();
  const change = useConsoleMutation<PasswordChange>({
    request: (body) => request("POST /api/auth/password", { body }),
    success: "Password changed. Your other devices have been signed out.",
    invalidate: [SESSIONS],
  });
  const submit = formSubmit(form, failed, (parsed, onError) =>
    change.mutate(parsed, { onSuccess: () => form.reset(empty), onError }),
  );
  return (
    <AccountForm
      id="password"
      title="Change your password"
      onSubmit={submit}
      errors={errors}
      busy={change.isPending}
      submitLabel="Change password"
    >
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password}
        {...form.register("current_password")}
      />
      <Field
        label="New password"
        hint="At least 12 characters, and not one of the most common passwords. Your other devices will be signed out."
        type="password"
        autoComplete="new-password"
        error={errors.new_password}
        {...form.register("new_password")}
      />
    </AccountForm>
  );
}

/** The address "Forgot password?" sends its link to. */
function EmailAddress() {
  const query = useQuery({
    queryKey: [ACCOUNT],
    queryFn: async () => (await call("GET /api/auth/account")).data,
  });
  const form = useForm<OwnEmail, unknown, { email: string | null }>({
    defaultValues: { email: "" },
    resolver: zodResolver(ownEmailSchema),
  });
  const saved = query.data?.email;
  useEffect(() => {
    if (saved !== undefined) form.reset({ email: saved ?? "" });
  }, [saved, form]);
  const errors = flattenErrors(form.formState.errors);
  const failed = useFocusOnError();
  const save = useConsoleMutation<{ email: string | null }>({
    request: (body) => request("PATCH /api/auth/account", { body }),
    success: "E-mail address saved.",
    invalidate: [ACCOUNT],
  });
  const submit = formSubmit(form, failed, (parsed, onError) => save.mutate(parsed, { onError }));
  return (
    <AccountForm
      id="email"
      title="E-mail address"
      onSubmit={submit}
      errors={errors}
      busy={save.isPending}
      disabled={!query.data}
      submitLabel="Save e-mail address"
    >
      <Field
        label="E-mail address"
        hint="Where a link to reset your password is sent if you forget it. Leave empty to have none."
        type="email"
        autoComplete="email"
        disabled={!query.data}
        error={errors.email}
        {...form.register("email")}
      />
    </AccountForm>
  );
}

function Devices() {
  const query = useQuery({
    queryKey: [SESSIONS],
    queryFn: async () => (await call("GET /api/auth/sessions")).sessions_data,
  });
  const endOne = useConsoleMutation<Device>({
    request: (device) => request("DELETE /api/auth/sessions/:id", { params: { id: device.id } }),
    success: "That device has been signed out.",
    invalidate: [SESSIONS],
  });
  const endOthers = useConsoleMutation<void>({
    request: () => request("POST /api/auth/sessions/end_others"),
    success: "Your other devices have been signed out.",
    invalidate: [SESSIONS],
  });
  const devices = query.data;
  return (
    <section aria-labelledby="devices-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="devices-heading" className="text-lg font-semibold text-navy-900">
          Signed-in devices
        </h2>
        {devices && devices.length > 1 ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            Sign out all other devices
          </button>
        ) : null}
      </div>
      {!devices ? (
        <Loading label="Loading devices…" failed={query.isError} failure="Could not load your devices." />
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">
                  {device.browser} on {device.system}
                  {device.current ? (
                    <span className="ml-2 inline-block whitespace-nowrap rounded bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {device.address} · signed in {formatDateTime(device.created_at)} · last used{" "}
                  {formatDateTime(device.last_used_at)}
                </p>
              </div>
              {device.current ? null : (
                <button
                  type="button"
                  className={rowActionClass}
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(device)}
                >
                  Sign out
                  <span className="sr-only">
                    {" "}
                    {device.browser} on {device.system} at {device.address}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
