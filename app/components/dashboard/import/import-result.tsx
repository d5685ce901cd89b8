import type { ImportBatch } from "#schemas/imports.ts";
import { ImportCountTiles } from "./import-counts";
import { saveFailedRows } from "./recent-imports";

/** Step 4, while the commit runs: how many rows are done (the server reports after each step). */
export function ImportProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-2 text-slate-700">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString("en-IN")} of ${total.toLocaleString("en-IN")} rows`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">
        {done === 0
          ? "Starting…"
          : `${done.toLocaleString("en-IN")} of ${total.toLocaleString("en-IN")} rows done. Nothing is saved until the last one is.`}
      </p>
    </div>
  );
}

/** Step 5: what the import did, its failed rows, and Undo. */
export function ImportResult({
  batch,
  message,
  onUndo,
}: {
  batch: ImportBatch;
  message: string;
  onUndo: () => void;
}) {
  const counts = batch.counts!;
  return (
    <div className="grid gap-4 text-slate-700">
      <p role="status" className="font-medium text-navy-900">
        {batch.status === "undone" ? `The import of ${batch.file_name} was undone.` : message}
      </p>
      <ImportCountTiles counts={counts} label="What the import did" />
      <div className="flex flex-wrap gap-2">
        {counts.invalid > 0 ? (
          <button type="button" className="btn-secondary" onClick={() => void saveFailedRows(batch)}>
            Download the {counts.invalid === 1 ? "row" : `${counts.invalid.toLocaleString("en-IN")} rows`}{" "}
            that failed
          </button>
        ) : null}
        {batch.undo_until ? (
          <button type="button" className="btn-secondary" onClick={onUndo}>
            Undo import
          </button>
        ) : null}
      </div>
    </div>
  );
}
