import { useId } from "react";
import { Field } from "../field";
import type { Outcome } from "#schemas/proof.ts";
import { ExampleBadge } from "#app/components/proof/example-badge.tsx";

export { ExampleBadge };

export function ProofStatus({ status }: { status: string }) {
  return status === "published" ? (
    <span className="font-semibold text-brand-700">Published</span>
  ) : (
    <span className="text-slate-600">Draft</span>
  );
}

/** A labelled checkbox bound to one true/false value of a record form. */
export function CheckboxField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          id={id}
          type="checkbox"
          checked={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-brand-700"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The display order (lowest first), a whole number. */
export function OrderField({
  value,
  error,
  onChange,
}: {
  value: number;
  error?: string;
  onChange: (value: number) => void;
}) {
  return (
    <Field
      label="Display order"
      name="sort_order"
      type="number"
      min={0}
      hint="Lowest first"
      value={value}
      error={error}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}

const MAX_OUTCOMES = 6;

/** A case study's outcome figures: a value ("40%") and what it measures, up to six. */
export function OutcomesEditor({
  value,
  onChange,
  errors,
}: {
  value: Outcome[];
  onChange: (value: Outcome[]) => void;
  errors: Record<string, string>;
}) {
  const change = (i: number, part: Partial<Outcome>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...part } : o)));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">Outcome figures</legend>
      {errors.outcomes ? <p className="mt-1 text-sm text-red-700">{errors.outcomes}</p> : null}
      <ol className="mt-2 space-y-3">
        {value.map((o, i) => (
          <li
            key={i}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_auto]"
          >
            <Field
              label={`Figure ${i + 1}`}
              name={`outcomes.${i}.value`}
              value={o.value}
              error={errors[`outcomes.${i}.value`]}
              onChange={(e) => change(i, { value: e.target.value })}
            />
            <Field
              label={`What figure ${i + 1} measures`}
              name={`outcomes.${i}.label`}
              value={o.label}
              error={errors[`outcomes.${i}.label`]}
              onChange={(e) => change(i, { label: e.target.value })}
            />
            <button
              type="button"
              className="btn-secondary self-end"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              Remove<span className="sr-only"> figure {i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn-secondary mt-3"
        disabled={value.length >= MAX_OUTCOMES}
        onClick={() => onChange([...value, { value: "", label: "" }])}
      >
        Add a figure
      </button>
    </fieldset>
  );
}
