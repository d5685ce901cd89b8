import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "#shared/india-time.ts";
import type { ImportBatch, ImportType } from "#schemas/imports.ts";
import { request } from "#app/lib/dashboard/api.ts";
import { saveCsv } from "../data-table/csv-export";
import { Spinner } from "../spinner";
import { countsText } from "./import-counts";
import { IMPORTS, recentImports } from "./import-api";

/**
 * The failed rows of an import, with their reasons, as `<file>-failed-rows.csv`; of an upload not imported
 * yet, the rows its last check refuses.
 */
export const saveFailedRows = (batch: Pick<ImportBatch, "id" | "file_name">) =>
  saveCsv(
    request("GET /api/imports/:id/failed_rows.csv", { params: { id: batch.id } }),
    `${batch.file_name.replace(/\.[^.]*$/, "")}-failed-rows.csv`,
  );

function statusOf(batch: ImportBatch) {
  if (batch.status === "undone") return `Undone ${formatDateTime(batch.undone_at!)}`;
  if (batch.undo_until) return `Can be undone until ${formatDateTime(batch.undo_until)}`;
  return "Too old to undo";
}

/** The list's recent imports: what each did, its failed rows, and Undo while the trash window lasts. */
export function RecentImports({ type, onUndo }: { type: ImportType; onUndo: (batch: ImportBatch) => void }) {
  const recent = useQuery({ queryKey: [IMPORTS, type], queryFn: () => recentImports(type) });
  if (recent.isPending) return <Spinner label="Loading recent imports…" />;
  if (recent.isError) return <p className="text-sm text-red-700">Recent imports could not be loaded.</p>;
  if (recent.data.length === 0) return <p className="text-sm text-slate-600">No imports yet.</p>;
  return (
    <ul className="grid gap-2">
      {recent.data.map((batch) => (
        <li
          key={batch.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
        >
          <div className="min-w-0">
            <p className="break-words font-medium text-navy-900">{batch.file_name}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(batch.committed_at ?? batch.created_at)} by {batch.operator}
              {batch.counts ? ` · ${countsText(batch.counts)}` : ""}
            </p>
            <p className="text-xs text-slate-600">{statusOf(batch)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {batch.counts && batch.counts.invalid > 0 ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void saveFailedRows(batch)}
                aria-label={`Download the failed rows of ${batch.file_name}`}
              >
                Failed rows
              </button>
            ) : null}
            {batch.undo_until ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => onUndo(batch)}
                aria-label={`Undo the import of ${batch.file_name}`}
              >
                Undo
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
