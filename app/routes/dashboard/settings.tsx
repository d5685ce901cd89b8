import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field } from "~/components/dashboard/field";
import { Spinner } from "~/components/dashboard/modal";
import { api } from "~/lib/dashboard/api";
import { consoleMeta } from "~/lib/dashboard/meta";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { siteSettingsSchema, type SiteSettings } from "../../../schemas/settings";
import { fieldErrors } from "../../../schemas/validation";

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<SiteSettings>({
    request: (body) => ({ path: "/api/site_settings", method: "PUT", body }),
    success: "Settings saved. The public site shows them now.",
    invalidate: ["/api/site_settings"],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = siteSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
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
        {fields.map((f) => (
          <div key={f.name} className={f.name === "address" ? "sm:col-span-2" : undefined}>
            <Field
              label={f.label}
              name={f.name}
              type={f.type ?? "text"}
              value={values[f.name]}
              error={errors[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null} Save settings
          </button>
        </div>
      </form>
    </section>
  );
}
