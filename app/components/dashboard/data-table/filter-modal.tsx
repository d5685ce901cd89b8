import { useState } from "react";
import { Modal } from "../modal";
import type { FilterField } from "./types";

/** Mounted while open, so every opening starts from the applied filters. */
export function FilterModal({
  onClose,
  fields,
  values,
  onApply,
}: {
  onClose: () => void;
  fields: FilterField[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
}) {
  const [draft, setDraft] = useState(values);
  return (
    <Modal
      open
      onClose={onClose}
      title="Filters"
      kind="filter"
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setDraft(Object.fromEntries(fields.map((f) => [f.name, ""])))}
          >
            Reset
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            Apply filters
          </button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name}>
            <label htmlFor={`filter-${field.name}`} className="block text-sm font-medium text-slate-700">
              {field.label}
            </label>
            {field.type === "date" ? (
              <input
                id={`filter-${field.name}`}
                type="date"
                value={draft[field.name] ?? ""}
                onChange={(e) => setDraft((d) => ({ ...d, [field.name]: e.target.value }))}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              />
            ) : (
              <select
                id={`filter-${field.name}`}
                value={draft[field.name] ?? ""}
                onChange={(e) => setDraft((d) => ({ ...d, [field.name]: e.target.value }))}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                <option value="">All</option>
                {(field.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </div>
        ))}
      </div>
    </Modal>
  );
}
