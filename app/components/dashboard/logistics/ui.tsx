import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { chipTone } from "./options";

/** A labelled select with its inline error (the select twin of dashboard/field.tsx). */
export function SelectField({
  label,
  name,
  error,
  options,
  placeholder = "Choose…",
  ...select
}: { label: string; name: string; error?: string; options: readonly { value: string; label: string }[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 w-full rounded-lg border bg-white px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, name, error, ...area }: { label: string; name: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 w-full rounded-lg border px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`}
        {...area}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Chip({ tone, children }: { tone: keyof typeof chipTone; children: ReactNode }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${chipTone[tone]}`}>{children}</span>;
}

/** Edit and Delete buttons of a row, named for screen readers. */
export function RowActions({ label, onEdit, onDelete, editText = "Edit" }: { label: string; onEdit?: () => void; onDelete?: () => void; editText?: string }) {
  return (
    <div className="flex justify-end gap-2">
      {onEdit ? (
        <button type="button" className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50" onClick={onEdit}>
          {editText}
          <span className="sr-only"> {label}</span>
        </button>
      ) : null}
      {onDelete ? (
        <button type="button" className="rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50" onClick={onDelete}>
          Delete<span className="sr-only"> {label}</span>
        </button>
      ) : null}
    </div>
  );
}
