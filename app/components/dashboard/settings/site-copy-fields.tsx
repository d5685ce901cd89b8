import type { UseFormReturn } from "react-hook-form";
import { Field, TextAreaField } from "#app/components/dashboard/field.tsx";
import { comparisonModels, comparisonRows } from "#shared/content/comparison.ts";
import type { SiteSettings, SiteSettingsInput } from "#schemas/settings.ts";

type SettingsForm = UseFormReturn<SiteSettingsInput, unknown, SiteSettings>;

const figureFields = [
  {
    name: "figures.candidates",
    label: "Candidates in the talent pipeline",
    hint: "Shown with a plus after it on the home page and on the AI-Led Talent Supply page.",
  },
  {
    name: "figures.leadership_years",
    label: "Years of leadership experience, all leaders together",
    hint: "Shown on the home page, the About page and the leadership page. Keep it to what the leaders listed under Team add up to.",
  },
  {
    name: "figures.centres_set_up",
    label: "Capability centres set up for clients",
    hint: "Shown on the home page; 0 leaves it off.",
  },
] as const;

/** The figures the public site quotes, one setting each (shared/figures.ts). */
export function FiguresFields({ form, errors }: { form: SettingsForm; errors: Record<string, string> }) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 text-lg font-semibold text-navy-900">Figures on the site</legend>
      {figureFields.map((f) => (
        <Field
          key={f.name}
          label={f.label}
          hint={f.hint}
          type="number"
          inputMode="numeric"
          min={0}
          error={errors[f.name]}
          {...form.register(f.name)}
        />
      ))}
    </fieldset>
  );
}

/** The text of each cell of the models' comparison on the home page and the models' overviews. */
export function ComparisonFields({ form, errors }: { form: SettingsForm; errors: Record<string, string> }) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-lg font-semibold text-navy-900">The models side by side</legend>
      <p className="mt-1 text-sm text-slate-600">
        The comparison on the home page and on each model&apos;s overview: one row per question, one answer
        per model (at most 300 characters each).
      </p>
      {comparisonRows.map((row) => (
        <fieldset
          key={row.key}
          className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3"
        >
          <legend className="px-1 font-semibold text-navy-900">{row.label}</legend>
          {comparisonModels.map((model) => {
            const name = `model_comparison.${row.key}.${model.key}` as const;
            return (
              <TextAreaField
                key={model.key}
                label={`${row.label}: ${model.label}`}
                rows={3}
                error={errors[name]}
                {...form.register(name)}
              />
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}
