import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useForm } from "react-hook-form";
import { useBlocker } from "react-router";
import { ErrorSummary, Field } from "~/components/dashboard/field";
import { flattenErrors, submitRoot, useFocusOnError } from "~/components/dashboard/kit/use-record-form";
import { ConfirmModal } from "~/components/dashboard/modal";
import { Spinner } from "~/components/dashboard/spinner";
import { api } from "~/lib/dashboard/api";
import { consoleMeta } from "~/lib/dashboard/meta";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { siteSettingsSchema, type SiteSettings } from "../../../schemas/settings";

export const meta = () => consoleMeta("Site settings");

const fields: { name: keyof SiteSettings; label: string; type?: string }[] = [
  { name: "sales_email", label: "Sales e-mail", type: "email" },
  { name: "info_email", label: "Info e-mail (receives enquiries)", type: "email" },
  { name: "hr_email", label: "HR e-mail (job applications)", type: "email" },
  { name: "phone_india", label: "Phone, India", type: "tel" },
  { name: "phone_us", label: "Phone, US", type: "tel" },
  { name: "address", label: "Office address" },
  { name: "facebook", label: "Facebook page", type: "url" },
  { name: "twitter", label: "X (Twitter) profile", type: "url" },
  { name: "linkedin", label: "LinkedIn page", type: "url" },
];

export default function SettingsScreen() {
  const query = useQuery({
    queryKey: ["/api/site_settings"],
    queryFn: async () => (await api<{ data: SiteSettings }>("/api/site_settings")).data,
  });
  if (!query.data)
    return query.isError ? (
      <p role="alert">Could not load the settings.</p>
    ) : (
      <Spinner label="Loading settings…" />
    );
  return <SettingsForm initial={query.data} />;
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const form = useForm<SiteSettings>({ defaultValues: initial, resolver: zodResolver(siteSettingsSchema) });
  const { errors: nested, isDirty } = form.formState;
  const errors = flattenErrors(nested);
  const failed = useFocusOnError();
  const save = useConsoleMutation<SiteSettings>({
    request: (body) => ({ path: "/api/site_settings", method: "PUT", body }),
    success: "Settings saved. The public site shows them now.",
    invalidate: ["/api/site_settings"],
  });
  // Leaving the screen with unsaved settings asks first, as a dirty dialog does.
  const blocker = useBlocker(isDirty && !save.isPending);

  const submit = (event: FormEvent) => {
    const root = submitRoot(event);
    void form.handleSubmit(
      (parsed) =>
        save.mutate(parsed, {
          // The saved values become the new baseline: the form is clean again.
          onSuccess: () => form.reset(parsed),
          onError: (error) => {
            const found = Object.entries(fieldErrorsOf(error));
            for (const [key, message] of found)
              form.setError(key as keyof SiteSettings, { type: "server", message });
            if (found.length > 0) failed(root);
          },
        }),
      () => failed(root),
    )(event);
  };

  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-900">Site settings</h1>
      <p className="mt-2 text-slate-600">
        Contact details shown in the footer, on the contact page and in job applications.
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-6 grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2"
      >
        <ErrorSummary errors={errors} />
        {fields.map((f) => (
          <div key={f.name} className={f.name === "address" ? "sm:col-span-2" : undefined}>
            <Field
              label={f.label}
              type={f.type ?? "text"}
              error={errors[f.name]}
              {...form.register(f.name)}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null} Save settings
          </button>
        </div>
      </form>
      <ConfirmModal
        open={blocker.state === "blocked"}
        title="Discard changes?"
        message="Your unsaved changes will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </section>
  );
}
