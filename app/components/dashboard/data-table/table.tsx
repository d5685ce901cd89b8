import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Table as TanTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { useNarrow } from "#app/lib/dashboard/narrow.ts";
import { Spinner } from "../spinner";
import { useColumnVisibility } from "./column-visibility";
import type { RowSelection } from "./selection";
import type { Column } from "./types";

function sortState(sort: string, key: string): "ascending" | "descending" | undefined {
  if (sort === key) return "ascending";
  if (sort === `-${key}`) return "descending";
  return undefined;
}

type Meta = { className?: string; sortable?: boolean; primary?: boolean };

/**
 * The list's TanStack table (headless): columns, their visibility (remembered per operator and list) and
 * the sort the server applied. Sorting and paging stay server-side, in the URL.
 */
export function useListTable<T>({
  list,
  columns,
  rows,
  rowKey,
  sort,
}: {
  list: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => number | string;
  sort: string;
}) {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(list);
  const defs: ColumnDef<T>[] = columns.map((col, i) => ({
    id: col.key,
    header: col.header,
    cell: ({ row }) => col.render(row.original),
    // The server sorts; TanStack's own getCanSort needs an accessor these display columns do not have.
    enableSorting: Boolean(col.sortable),
    // The first column names the row; hiding it would leave rows nobody can tell apart.
    enableHiding: i > 0,
    meta: {
      className: col.className,
      sortable: Boolean(col.sortable),
      primary: col.primary ?? (i === 0 && !columns.some((c) => c.primary)),
    } satisfies Meta,
  }));
  // TanStack Table's instance is mutable by design, so React Compiler leaves this hook unmemoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable<T>({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    manualPagination: true,
    state: {
      columnVisibility,
      sorting: sort ? [{ id: sort.replace(/^-/, ""), desc: sort.startsWith("-") }] : [],
    },
    onColumnVisibilityChange: setColumnVisibility,
  });
}

interface TableProps<T> {
  table: TanTable<T>;
  rowActions?: (row: T) => ReactNode;
  rowClassName?: (row: T) => string;
  sort: string;
  onSort: (key: string) => void;
  /** Sets the sort outright (the cards' sort menu). */
  onSortTo: (value: string) => void;
  /** Row checkboxes, when the list has bulk delete. */
  selectable?: { rowId: (row: T) => number; selection: RowSelection };
  status: { pending: boolean; error: boolean; stale: boolean };
  emptyText?: string;
}

/** The list as a table, or below 640 px as one card per record (name, facts, status and actions in view). */
export function Table<T>(props: TableProps<T>) {
  return useNarrow() ? <Cards {...props} /> : <Rows {...props} />;
}

/** The visible columns' headers and the rows of the page shown. */
const shown = <T,>(table: TableProps<T>["table"]) => ({
  headers: table.getHeaderGroups()[0]?.headers ?? [],
  rows: table.getRowModel().rows,
});

/** The rows with sortable headers, optional checkboxes and a trailing Actions column. */
function Rows<T>({
  table,
  rowActions,
  rowClassName,
  sort,
  onSort,
  selectable,
  status,
  emptyText,
}: TableProps<T>) {
  const { headers, rows } = shown(table);
  const columnCount = headers.length + (rowActions ? 1 : 0) + (selectable ? 1 : 0);
  return (
    // Wide tables scroll inside this box, never the page; `relative` keeps the sr-only labels inside it.
    // Focusable, so that a table wider than the screen can be scrolled from the keyboard too.
    <div
      tabIndex={0}
      className="relative mt-4 min-w-0 max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
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
            {headers.map((header) => {
              const key = header.column.id;
              const state = sortState(sort, key);
              const { className, sortable } = (header.column.columnDef.meta ?? {}) as Meta;
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={`px-3 py-3 font-semibold ${className ?? ""}`}
                  aria-sort={state}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="group inline-flex items-center gap-1 rounded uppercase hover:text-navy-900"
                      onClick={() => onSort(key)}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {/* An icon on every sortable header: up/down until sorted, then the direction. */}
                      <span data-sort-icon={state ?? "none"} aria-hidden="true">
                        {state === "ascending" ? (
                          <ArrowUp className="size-3.5" />
                        ) : state === "descending" ? (
                          <ArrowDown className="size-3.5" />
                        ) : (
                          <ChevronsUpDown className="size-3.5 text-slate-400 group-hover:text-slate-600" />
                        )}
                      </span>
                    </button>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </th>
              );
            })}
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
                key={row.id}
                className={`${status.stale ? "opacity-60" : ""} ${rowClassName?.(row.original) ?? ""}`}
              >
                {selectable ? (
                  <td className="px-3 py-3 align-top">
                    <input
                      type="checkbox"
                      aria-label={`Select row ${selectable.rowId(row.original)}`}
                      checked={selectable.selection.checked.has(selectable.rowId(row.original))}
                      onChange={() => selectable.selection.toggle(selectable.rowId(row.original))}
                      className="size-4 accent-brand-700"
                    />
                  </td>
                ) : null}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-3 align-top ${((cell.column.columnDef.meta ?? {}) as Meta).className ?? ""}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
                {rowActions ? (
                  <td className="whitespace-nowrap px-3 py-3 text-right">{rowActions(row.original)}</td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A phone's list: each record a card titled by its name, its other visible columns as labelled facts (the
 * status select among them) and its actions underneath; every control at least 44 px tall (console.css).
 */
function Cards<T>({
  table,
  rowActions,
  rowClassName,
  sort,
  onSortTo,
  selectable,
  status,
  emptyText,
}: TableProps<T>) {
  const { headers, rows } = shown(table);
  const sortable = headers.filter((h) => ((h.column.columnDef.meta ?? {}) as Meta).sortable);
  const headerText = (id: string) => String(table.getColumn(id)?.columnDef.header ?? id);
  return (
    <div className="list-cards mt-4">
      {selectable || sortable.length ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 max-sm:mb-2">
          {selectable ? (
            <label className="list-card-check inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={selectable.selection.allChecked}
                disabled={selectable.selection.noRows}
                onChange={selectable.selection.toggleAll}
                className="size-5 accent-brand-700"
              />
              {/* Short on a phone, so the sort fits beside it; the full words are still its name. */}
              <span className="max-sm:sr-only">Select all on this page</span>
              <span aria-hidden="true" className="sm:hidden">
                Select all
              </span>
            </label>
          ) : null}
          {sortable.length ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              Sort
              <select
                value={sort}
                onChange={(event) => onSortTo(event.target.value)}
                className="rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">Default order</option>
                {sortable.flatMap((h) => [
                  <option key={h.id} value={h.column.id}>
                    {headerText(h.column.id)} ↑
                  </option>,
                  <option key={`-${h.id}`} value={`-${h.column.id}`}>
                    {headerText(h.column.id)} ↓
                  </option>,
                ])}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {status.pending ? (
        <div className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center">
          <Spinner label="Loading…" />
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-slate-500">
          {status.error ? "Could not load the list." : (emptyText ?? "Nothing matches these filters.")}
        </p>
      ) : (
        <ul className={`grid gap-3 ${status.stale ? "opacity-60" : ""}`}>
          {rows.map((row) => {
            const cells = row.getVisibleCells();
            const title = cells.find((c) => ((c.column.columnDef.meta ?? {}) as Meta).primary) ?? cells[0];
            const id = selectable?.rowId(row.original);
            return (
              <li
                key={row.id}
                className={`list-card rounded-xl border border-slate-200 bg-white p-4 ${rowClassName?.(row.original) ?? ""}`}
              >
                <div className="flex items-start gap-2">
                  {selectable && id !== undefined ? (
                    <label className="list-card-check -my-2 -ml-2 inline-flex items-center justify-center">
                      <input
                        type="checkbox"
                        aria-label={`Select row ${id}`}
                        checked={selectable.selection.checked.has(id)}
                        onChange={() => selectable.selection.toggle(id)}
                        className="size-5 accent-brand-700"
                      />
                    </label>
                  ) : null}
                  {title ? (
                    <div className="min-w-0 flex-1 font-semibold break-words text-navy-900">
                      {flexRender(title.column.columnDef.cell, title.getContext())}
                    </div>
                  ) : null}
                </div>
                <dl className="mt-2 grid gap-y-1 text-sm">
                  {cells
                    .filter((cell) => cell !== title)
                    .map((cell) => (
                      <div
                        key={cell.id}
                        className="grid grid-cols-[7rem_minmax(0,1fr)] items-baseline gap-x-3"
                      >
                        <dt className="text-slate-500">{headerText(cell.column.id)}</dt>
                        <dd className="min-w-0 break-words text-slate-900">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </dd>
                      </div>
                    ))}
                </dl>
                {rowActions ? (
                  <div className="list-card-actions mt-3 border-t border-slate-100 pt-2">
                    {rowActions(row.original)}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
