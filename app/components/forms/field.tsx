import type { InputHTMLAttributes, ReactNode } from "react";

export interface FieldFrameProps {
  label: string;
  name: string;
  /** The field's own message (from the shared schema); marks the control invalid and is read with it. */
  error?: string;
  hint?: string;
}

/** A control's border: red while it has an error. */
export const controlClass = (error?: string) =>
  `mt-1 w-full rounded-lg border px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`;

/** Label, optional hint and inline error around one control, wired for screen readers. */
export function FieldFrame({
  label,
  name,
  error,
  hint,
  control,
}: FieldFrameProps & {
  control: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `field-${name}`;
  const describedBy =
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled input with its inline error. Give it `defaultValue`, not `value`, in a form that must work
 * before its script has loaded: what was typed before hydration is then kept.
 */
export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      label={label}
      name={name}
      error={error}
      hint={hint}
      control={(a11y) => <input {...a11y} name={name} className={controlClass(error)} {...input} />}
    />
  );
}
