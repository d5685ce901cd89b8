import type { ImportCounts, ImportOutcome } from "#schemas/imports.ts";

export const outcomeLabel: Record<ImportOutcome, string> = {
  new: "New",
  updated: "Updated",
  unchanged: "Unchanged",
  skipped: "Skipped",
  invalid: "With problems",
};

const tone: Record<ImportOutcome, string> = {
  new: "border-brand-500 bg-brand-50 text-brand-700",
  updated: "border-sky-300 bg-sky-50 text-sky-900",
  unchanged: "border-slate-200 bg-slate-50 text-slate-700",
  skipped: "border-slate-200 bg-slate-50 text-slate-700",
  invalid: "border-red-300 bg-red-50 text-red-800",
};

/** What an import did (or would do) with its rows, one tile per outcome. */
export function ImportCountTiles({ counts, label }: { counts: ImportCounts; label: string }) {
  const shown = (Object.keys(outcomeLabel) as ImportOutcome[]).filter(
    (o) => counts[o] > 0 || o === "new" || o === "invalid",
  );
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {shown.map((outcome) => (
        <div key={outcome} className={`rounded-lg border px-3 py-2 ${tone[outcome]}`}>
          <dt className="text-xs font-semibold uppercase">{outcomeLabel[outcome]}</dt>
          <dd className="text-xl font-bold" data-outcome={outcome}>
            {counts[outcome].toLocaleString("en-IN")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "1 new · 2 updated · 3 with problems" (the outcomes that happened). */
export const countsText = (counts: ImportCounts) =>
  (Object.keys(outcomeLabel) as ImportOutcome[])
    .filter((o) => counts[o] > 0)
    .map((o) => `${counts[o].toLocaleString("en-IN")} ${outcomeLabel[o].toLowerCase()}`)
    .join(" · ");
