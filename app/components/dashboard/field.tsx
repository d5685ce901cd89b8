import type { SelectHTMLAttributes } from "react";
import { controlClass, Field, FieldFrame, type FieldFrameProps } from "#app/components/forms/field.tsx";

export { Field, TextAreaField } from "#app/components/forms/field.tsx";

/** Select options from a value → label map, in its order. */
export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A labelled select; with `placeholder` it starts with an empty "choose" option. */
export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  placeholder,
  ...select
}: FieldFrameProps & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame
      label={label}
      name={name}
      error={error}
      hint={hint}
      control={(a11y) => (
        <select {...a11y} name={name} className={`${controlClass(error)} bg-white`} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** After a failed submit: the first control marked invalid inside `root`, in page order, takes focus (else the summary). */
export function focusFirstInvalid(root: Element | null) {
  const scope = root ?? document;
  const target =
    scope.querySelector<HTMLElement>("[aria-invalid=true]:not([disabled])") ??
    scope.querySelector<HTMLElement>("[data-error-summary]:not(:empty)");
  target?.focus();
}

/**
 * The live summary at the top of a form: after a failed submit it announces how many fields need attention
 * (each field's own message is read with it when focused) and shows a message that belongs to no field.
 */
export function ErrorSummary({
  errors,
  className = "",
}: {
  errors: Record<string, string>;
  className?: string;
}) {
  const count = Object.keys(errors).filter((key) => key !== "_form").length;
  const general = errors._form;
  const empty = count === 0 && !general;
  return (
    <div
      role="alert"
      data-error-summary
      tabIndex={-1}
      // Empty, it takes no room in a form's grid but stays in the page, so its first message is announced.
      className={
        empty
          ? "contents"
          : `rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 col-span-full ${className}`
      }
    >
      {empty ? null : (
        <>
          {count > 0 ? (
            <p>{count === 1 ? "1 field needs attention." : `${count} fields need attention.`}</p>
          ) : null}
          {general ? <p>{general}</p> : null}
        </>
      )}
    </div>
  );
}

/** The code an authenticator app shows (6 digits, a space between the halves allowed), as a controlled field. */
export function CodeField({
  label = "Code from your authenticator app",
  value,
  onChange,
  error,
  ...frame
}: {
  label?: string;
  name: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Field
      {...frame}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
    />
  );
}
