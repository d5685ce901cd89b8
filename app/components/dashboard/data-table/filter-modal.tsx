import { useState } from "react";
import { Modal } from "../modal";
import { datePresets } from "./date-presets";
import type { FilterField } from "./types";

/** A created-date range (`created_from` and `created_to` date fields) gets quick choices above the fields. */
const hasCreatedRange = (fields: FilterField[]) =>
  ["created_from", "created_to"].every((name) => fields.some((f) => f.name === name && f.type === "date"));

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
  const presets = hasCreatedRange(fields) ? datePresets() : [];
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
      {presets.length ? (
        <div role="group" aria-label="Quick date ranges" className="mb-4 flex flex-wrap gap-2">
          {presets.map((preset) => {
            const chosen = draft.created_from === preset.from && draft.created_to === preset.to;
            return (
              <button
                key={preset.label}
                type="button"
                aria-pressed={chosen}
                onClick={() => setDraft((d) => ({ ...d, created_from: preset.from, created_to: preset.to }))}
                className={`rounded-full border px-3 py-1 text-sm font-medium ${chosen ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
              >
                {preset.label}
              </button>
            );
          })}
        </div>
      ) : null}
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
