import { zodResolver } from "@hookform/resolvers/zod";
import { request } from "#app/lib/dashboard/api.ts";
import { useForm } from "react-hook-form";
import { useBlocker } from "react-router";
import { ErrorSummary, Field, TextAreaField } from "#app/components/dashboard/field.tsx";
import { flattenErrors, formSubmit, useFocusOnError } from "#app/components/dashboard/kit/use-record-form.ts";
import { ConfirmModal } from "#app/components/dashboard/modal.tsx";
import { Loading, Spinner } from "#app/components/dashboard/spinner.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { useSiteSettings } from "#app/lib/dashboard/site-settings.ts";
import {
  DEFAULT_BACKUP_DAYS,
  DEFAULT_TRASH_DAYS,
  MAX_BACKUP_DAYS,
  MAX_TRASH_DAYS,
  siteSettingsSchema,
  type PublicAddress,
  type SiteSettings,
  type SiteSettingsInput,
} from "#schemas/settings.ts";
import { KEEP_CV_DAYS } from "#schemas/application.ts";
import { ComparisonFields, FiguresFields } from "#app/components/dashboard/settings/site-copy-fields.tsx";
import { defaultComparison, resolveComparison } from "#shared/content/comparison.ts";

export const meta = () => consoleMeta("Site settings");

const fields: {
  name: Exclude<
    keyof SiteSettings,
    "privacy_policy" | "application_retention_days" | "figures" | "model_comparison"
  >;
  label: string;
  type?: string;
}[] = [
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
  const query = useSiteSettings();
  if (!query.data)
    return (
      <Loading label="Loading settings…" failed={query.isError} failure="Could not load the settings." />
    );
  return <SettingsForm initial={query.data.data} address={query.data.public_address} />;
}

function SettingsForm({ initial, address }: { initial: SiteSettings; address: PublicAddress }) {
  const form = useForm<SiteSettingsInput, unknown, SiteSettings>({
    defaultValues: {
      ...initial,
      public_base_url: initial.public_base_url ?? "",
      trash_days: initial.trash_days ?? DEFAULT_TRASH_DAYS,
      backup_days: initial.backup_days ?? DEFAULT_BACKUP_DAYS,
      // Every cell shows its text: the saved one, or the site's default.
      model_comparison: initial.model_comparison
        ? resolveComparison(initial.model_comparison)
        : defaultComparison,
    },
    resolver: zodResolver(siteSettingsSchema),
  });
  const fixedByServer = address.source === "PUBLIC_BASE_URL";
  const { errors: nested, isDirty } = form.formState;
  const errors = flattenErrors(nested);
  const failed = useFocusOnError();
  const save = useConsoleMutation<SiteSettings>({
    request: (body) => request("PUT /api/site_settings", { body }),
    success: "Settings saved. The public site shows them now.",
    invalidate: ["/api/site_settings"],
  });
  // Leaving the screen with unsaved settings asks first, as a dirty dialog does.
  const blocker = useBlocker(isDirty && !save.isPending);

  const submit = formSubmit(form, failed, (parsed, onError) =>
    // The saved values become the new baseline: the form is clean again.
    save.mutate(parsed, { onSuccess: () => form.reset(parsed), onError }),
  );

  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-900">Site settings</h1>
      <p className="mt-2 text-slate-600">
        Contact details shown in the footer, on the contact page and in job applications; the figures the site
        quotes; the models&apos; comparison.
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
          <Field
            label="Public address of the site"
            type="url"
            placeholder="https://www.example.com"
            hint={
              fixedByServer
                ? `Set on the server by PUBLIC_BASE_URL (${address.url}), which wins over this field.`
                : "Used in canonical tags, the sitemap, the RSS feed and share links."
            }
            readOnly={fixedByServer}
            error={errors.public_base_url}
            {...form.register("public_base_url")}
          />
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Keep deleted records for (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TRASH_DAYS}
            hint={`Recently deleted keeps them this long (1 to ${MAX_TRASH_DAYS} days), then removes them for good.`}
            error={errors.trash_days}
            {...form.register("trash_days", { valueAsNumber: true })}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Privacy policy"
            hint="Shown at /privacy and linked from the contact and job application forms. Blank lines start a new paragraph. Left empty, /privacy shows a default text that states the days below."
            rows={12}
            error={errors.privacy_policy}
            {...form.register("privacy_policy")}
          />
        </div>
        <div>
          <Field
            label="Anonymise applications after (days)"
            hint={`Counted from the decision (rejected or hired), or for an undecided application from the job's closing; ${KEEP_CV_DAYS} days at least for candidates who agreed to be kept for future openings.`}
            type="number"
            min={7}
            max={3650}
            error={errors.application_retention_days}
            {...form.register("application_retention_days")}
          />
        </div>
        <div>
          <Field
            label="Keep backups for at most (days)"
            hint="The default privacy text says how long a backup keeps erased data; delete older backups (docs/operations.md, Backups)."
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_BACKUP_DAYS}
            error={errors.backup_days}
            {...form.register("backup_days", { valueAsNumber: true })}
          />
        </div>
        <FiguresFields form={form} errors={errors} />
        <ComparisonFields form={form} errors={errors} />
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
