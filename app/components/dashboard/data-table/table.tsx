import { ArrowDown, ArrowUp } from "lucide-react";
import type { ReactNode } from "react";
import { Spinner } from "../modal";
import type { RowSelection } from "./selection";
import type { Column } from "./types";

function sortState(sort: string, key: string): "ascending" | "descending" | undefined {
  if (sort === key) return "ascending";
  if (sort === `-${key}`) return "descending";
  return undefined;
}

/** The rows with sortable headers, optional checkboxes and a trailing Actions column. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  rowActions,
  rowClassName,
  sort,
  onSort,
  selectable,
  status,
  emptyText,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => number | string;
  rowActions?: (row: T) => ReactNode;
  rowClassName?: (row: T) => string;
  sort: string;
  onSort: (key: string) => void;
  /** Row checkboxes, when the list has bulk delete. */
  selectable?: { rowId: (row: T) => number; selection: RowSelection };
  status: { pending: boolean; error: boolean; stale: boolean };
  emptyText?: string;
}) {
  const columnCount = columns.length + 1 + (selectable ? 1 : 0);
  return (
    // Focusable, so that a table wider than the screen can be scrolled from the keyboard too.
    <div
      tabIndex={0}
      className="relative mt-4 max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {selectable ? (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  checked={selectable.selection.allChecked}
                  disabled={selectable.selection.noRows}
                  onChange={selectable.selection.toggleAll}
                  className="size-4 accent-brand-700"
                />
              </th>
            ) : null}
            {columns.map((col) => (
              <th
                key={col.key}
                scope="col"
                className={`px-3 py-3 font-semibold ${col.className ?? ""}`}
                aria-sort={sortState(sort, col.key)}
              >
                {col.sortable ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 uppercase"
                    onClick={() => onSort(col.key)}
                  >
                    {col.header}
                    {sort === col.key ? (
                      <ArrowUp aria-hidden="true" className="size-3" />
                    ) : sort === `-${col.key}` ? (
                      <ArrowDown aria-hidden="true" className="size-3" />
                    ) : null}
                  </button>
                ) : (
                  col.header
                )}
              </th>
            ))}
            {rowActions ? (
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {status.pending ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-10 text-center">
                <Spinner label="Loading…" />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500">
                {status.error ? "Could not load the list." : (emptyText ?? "Nothing matches these filters.")}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={`${status.stale ? "opacity-60" : ""} ${rowClassName?.(row) ?? ""}`}
              >
                {selectable ? (
                  <td className="px-3 py-3 align-top">
                    <input
                      type="checkbox"
                      aria-label={`Select row ${selectable.rowId(row)}`}
                      checked={selectable.selection.checked.has(selectable.rowId(row))}
                      onChange={() => selectable.selection.toggle(selectable.rowId(row))}
                      className="size-4 accent-brand-700"
                    />
                  </td>
                ) : null}
                {columns.map((col) => (
                  <td key={col.key} className={`px-3 py-3 align-top ${col.className ?? ""}`}>
                    {col.render(row)}
                  </td>
                ))}
                {rowActions ? (
                  <td className="whitespace-nowrap px-3 py-3 text-right">{rowActions(row)}</td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
