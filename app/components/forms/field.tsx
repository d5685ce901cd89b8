import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

export interface FieldFrameProps {
  label: string;
  name: string;
  /** The field's own message (from the shared schema); marks the control invalid and is read with it. */
  error?: string;
  hint?: ReactNode;
  /** Marks the label with an asterisk (explained once above the form) and the control as required. */
  required?: boolean;
  /** Classes of the field's box, e.g. its span in the form's grid. */
  frameClassName?: string;
}

/** The control's id for a field name: the error summary links to it. One form of a kind per page. */
export const fieldId = (name: string) => `field-${name}`;

/** A control's border: red while it has an error. */
export const controlClass = (error?: string) =>
  `mt-1 w-full rounded-lg border bg-white px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`;

type A11y = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true };

const Asterisk = () => (
  <span aria-hidden="true" className="text-red-700">
    {" "}
    *
  </span>
);

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`${fieldId(name)}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

const a11yOf = (name: string, error?: string, hint?: ReactNode, required?: boolean): A11y => ({
  id: fieldId(name),
  "aria-invalid": error ? true : undefined,
  "aria-describedby":
    [hint ? `${fieldId(name)}-hint` : "", error ? `${fieldId(name)}-error` : ""].filter(Boolean).join(" ") ||
    undefined,
  "aria-required": required || undefined,
});

/** Label, optional hint and inline error around one control, wired for screen readers. */
export function FieldFrame({
  label,
  name,
  error,
  hint,
  required,
  frameClassName,
  control,
}: FieldFrameProps & { control: (a11y: A11y) => ReactNode }) {
  return (
    <div className={frameClassName}>
      <label htmlFor={fieldId(name)} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? <Asterisk /> : null}
      </label>
      {hint ? (
        <p id={`${fieldId(name)}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {control(a11yOf(name, error, hint, required))}
      <FieldError name={name} error={error} />
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
  required,
  frameClassName,
  ...input
}: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, required, frameClassName }}
      control={(a11y) => <input {...a11y} name={name} className={controlClass(error)} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  required,
  frameClassName,
  rows = 3,
  ...area
}: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, required, frameClassName }}
      control={(a11y) => (
        <textarea {...a11y} name={name} rows={rows} className={controlClass(error)} {...area} />
      )}
    />
  );
}

/** A checkbox with its label (which may hold links) beside it, and its inline error below. */
export function CheckboxField({
  name,
  error,
  required,
  children,
  defaultChecked,
}: {
  name: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  defaultChecked?: boolean;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...a11yOf(name, error, undefined, required)}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={fieldId(name)} className="text-sm text-slate-700">
          {children}
          {required ? <Asterisk /> : null}
        </label>
      </div>
      <FieldError name={name} error={error} />
    </div>
  );
}

/** The line above a form that explains the asterisk. */
export function RequiredNote({ className = "" }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}

/** Honeypot: invisible to people and assistive technology; bots that fill it are turned away. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="field-url_hp">Leave this field empty</label>
      <input id="field-url_hp" name="url_hp" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
