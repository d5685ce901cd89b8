import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  Download,
  Filter,
  Search,
  Trash2,
  X,
} from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { api } from "~/lib/dashboard/api";
import { useConsoleMutation } from "~/lib/dashboard/mutation";
import { useListParams } from "~/lib/dashboard/list-params";
import { paginationRange } from "~/lib/pagination";
import { toast } from "~/lib/toast";
import { PAGE_SIZES } from "../../../schemas/list-query";
import { ConfirmModal, Modal, Spinner } from "./modal";

export interface Column<T> {
  key: string;
  header: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  className?: string;
}

export interface FilterField {
  name: string;
  label: string;
  /** A select (the default) or a date input. */
  type?: "select" | "date";
  options?: readonly { value: string; label: string }[];
}

interface DataTableProps<T> {
  title: string;
  /** List endpoint, e.g. /api/contact_requests; answers `{ <dataKey>_data, total_no_of_data }`. */
  endpoint: string;
  dataKey: string;
  columns: Column<T>[];
  rowKey: (row: T) => number | string;
  filters?: FilterField[];
  searchPlaceholder?: string;
  actions?: ReactNode;
  rowActions?: (row: T) => ReactNode;
  /** Adds a CSV button that downloads `${endpoint}/export.csv` with the current filters. */
  csvExport?: boolean;
  emptyText?: string;
  /** Row checkboxes and one "Delete selected" that posts `{ ids }` to `${endpoint}/bulk_delete` after one confirmation. */
  bulkDelete?: { noun: string; plural?: string; rowId: (row: T) => number };
  /** Fixed query parameters sent with every list and CSV request (e.g. a date range chosen outside the table). */
  extraQuery?: Record<string, string>;
  /** Reads rows and total from an answer of another shape (default: `<dataKey>_data` and `total_no_of_data`). */
  select?: (answer: unknown) => { rows: T[]; total: number; capped?: boolean };
  rowClassName?: (row: T) => string;
  /** Heading level of the title (default 1); 2 when the table sits inside a page with its own h1. */
  titleLevel?: 1 | 2;
}

type ListAnswer<T> = { total_no_of_data: number; total_capped?: boolean } & Record<
  string,
  T[] | number | boolean
>;

/** The console's one list: server-side paging, search, sort and filters, all kept in the URL. */
export function DataTable<T>(props: DataTableProps<T>) {
  const filterKeys = (props.filters ?? []).map((f) => f.name);
  const list = useListParams(filterKeys);
  const [searchText, setSearchText] = useState(list.search);
  const [filterOpen, setFilterOpen] = useState(false);

  const extra = props.extraQuery ? new URLSearchParams(props.extraQuery).toString() : "";
  const apiQuery = extra ? `${list.apiQuery}&${extra}` : list.apiQuery;
  const query = useQuery({
    queryKey: [props.endpoint, apiQuery],
    queryFn: ({ signal }) => api<ListAnswer<T>>(`${props.endpoint}?${apiQuery}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const selected = props.select && query.data ? props.select(query.data) : null;
  const rows = selected?.rows ?? (query.data?.[`${props.dataKey}_data`] as T[] | undefined) ?? [];
  const total = selected?.total ?? query.data?.total_no_of_data ?? 0;
  // Lists may count only up to a cap (`total_capped`): "of 10,000+".
  const capped = selected ? Boolean(selected.capped) : query.data?.total_capped === true;
  const totalPages = Math.ceil(total / list.pageSize);

  // Bulk selection covers the rows on screen; any change of page, search or filter clears it.
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [selectionKey, setSelectionKey] = useState(apiQuery);
  if (selectionKey !== apiQuery) {
    setSelectionKey(apiQuery);
    setChecked(new Set());
  }
  const bulk = props.bulkDelete;
  const pageIds = bulk ? rows.map(bulk.rowId) : [];
  const allChecked = pageIds.length > 0 && pageIds.every((id) => checked.has(id));
  const removeSelected = useConsoleMutation<number[]>({
    request: (ids) => ({ path: `${props.endpoint}/bulk_delete`, method: "POST", body: { ids } }),
    success: "Selected rows deleted.",
    invalidate: [props.endpoint],
    onSuccess: () => {
      setChecked(new Set());
      setConfirmBulk(false);
    },
  });
  const columnCount = props.columns.length + 1 + (bulk ? 1 : 0);
  const Title = props.titleLevel === 2 ? "h2" : "h1";

  useEffect(() => {
    if (query.error) toast.error(query.error.message);
  }, [query.error]);

  const activeFilters = Object.values(list.filters).filter(Boolean).length;

  const downloadCsv = async () => {
    try {
      const csv = await api<string>(`${props.endpoint}/export.csv?${apiQuery}`);
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${props.dataKey}-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Export failed");
    }
  };

  return (
    <section aria-labelledby="list-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Title
          id="list-title"
          className={
            props.titleLevel === 2
              ? "text-lg font-semibold text-navy-900"
              : "text-2xl font-bold text-navy-900"
          }
        >
          {props.title}
        </Title>
        <div className="flex flex-wrap gap-2">{props.actions}</div>
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <form
          role="search"
          className="flex min-w-64 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3"
          onSubmit={(e) => {
            e.preventDefault();
            list.setSearch(searchText.trim());
          }}
        >
          <Search aria-hidden="true" className="size-4 text-slate-400" />
          <label htmlFor="list-search" className="sr-only">
            Search
          </label>
          <input
            id="list-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={props.searchPlaceholder ?? "Search…"}
            className="w-full py-2 outline-none"
          />
          <button
            type="submit"
            className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Search
          </button>
        </form>
        {props.filters?.length ? (
          <button type="button" className="btn-secondary" onClick={() => setFilterOpen(true)}>
            <Filter aria-hidden="true" className="size-4" /> Filters
            {activeFilters ? ` (${activeFilters})` : ""}
          </button>
        ) : null}
        {activeFilters ? (
          <button type="button" className="btn text-slate-600 hover:bg-slate-100" onClick={list.clearFilters}>
            <X aria-hidden="true" className="size-4" /> Clear filters
          </button>
        ) : null}
        {props.csvExport ? (
          <button type="button" className="btn-secondary" onClick={downloadCsv}>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </button>
        ) : null}
        {bulk && checked.size > 0 ? (
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={() => setConfirmBulk(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" /> Delete selected ({checked.size})
          </button>
        ) : null}
      </div>

      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              {bulk ? (
                <th scope="col" className="w-10 px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allChecked}
                    disabled={pageIds.length === 0}
                    onChange={() => setChecked(allChecked ? new Set() : new Set(pageIds))}
                    className="size-4 accent-brand-700"
                  />
                </th>
              ) : null}
              {props.columns.map((col) => (
                <th
                  key={col.key}
                  scope="col"
                  className={`px-4 py-3 font-semibold ${col.className ?? ""}`}
                  aria-sort={sortState(list.sort, col.key)}
                >
                  {col.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase"
                      onClick={() => list.setSort(col.key)}
                    >
                      {col.header}
                      {list.sort === col.key ? (
                        <ArrowUp aria-hidden="true" className="size-3" />
                      ) : list.sort === `-${col.key}` ? (
                        <ArrowDown aria-hidden="true" className="size-3" />
                      ) : null}
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              ))}
              {props.rowActions ? (
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.isPending ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center">
                  <Spinner label="Loading…" />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500">
                  {query.isError
                    ? "Could not load the list."
                    : (props.emptyText ?? "Nothing matches these filters.")}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={props.rowKey(row)}
                  className={`${query.isPlaceholderData ? "opacity-60" : ""} ${props.rowClassName?.(row) ?? ""}`}
                >
                  {bulk ? (
                    <td className="px-4 py-3 align-top">
                      <input
                        type="checkbox"
                        aria-label={`Select row ${bulk.rowId(row)}`}
                        checked={checked.has(bulk.rowId(row))}
                        onChange={() =>
                          setChecked((prev) => {
                            const next = new Set(prev);
                            const id = bulk.rowId(row);
                            if (next.has(id)) next.delete(id);
                            else next.add(id);
                            return next;
                          })
                        }
                        className="size-4 accent-brand-700"
                      />
                    </td>
                  ) : null}
                  {props.columns.map((col) => (
                    <td key={col.key} className={`px-4 py-3 align-top ${col.className ?? ""}`}>
                      {col.render(row)}
                    </td>
                  ))}
                  {props.rowActions ? (
                    <td className="whitespace-nowrap px-4 py-3 text-right">{props.rowActions(row)}</td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <div className="flex items-center gap-2">
          <label htmlFor="page-size">Rows per page</label>
          <select
            id="page-size"
            value={list.pageSize}
            onChange={(e) => list.setPageSize(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <span className="text-slate-600" aria-live="polite">
            {total === 0
              ? "0 results"
              : `${(list.page - 1) * list.pageSize + 1}–${Math.min(list.page * list.pageSize, total)} of ${total.toLocaleString("en-IN")}${capped ? "+" : ""}`}
          </span>
        </div>
        <nav aria-label="Pagination" className="flex items-center gap-1">
          <button
            type="button"
            className="rounded p-1.5 hover:bg-slate-100 disabled:opacity-40"
            disabled={list.page <= 1}
            onClick={() => list.setPage(list.page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          {paginationRange(list.page, totalPages).map((item) =>
            typeof item === "number" ? (
              <button
                key={item}
                type="button"
                aria-current={item === list.page ? "page" : undefined}
                onClick={() => list.setPage(item)}
                className={`min-w-8 rounded px-2 py-1 ${item === list.page ? "bg-navy-900 text-white" : "hover:bg-slate-100"}`}
              >
                {item}
              </button>
            ) : (
              <span key={item} className="px-1 text-slate-400" aria-hidden="true">
                …
              </span>
            ),
          )}
          <button
            type="button"
            className="rounded p-1.5 hover:bg-slate-100 disabled:opacity-40"
            disabled={list.page >= totalPages}
            onClick={() => list.setPage(list.page + 1)}
            aria-label="Next page"
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </nav>
      </div>

      {props.filters?.length && filterOpen ? (
        <FilterModal
          onClose={() => setFilterOpen(false)}
          fields={props.filters}
          values={list.filters}
          onApply={list.applyFilters}
        />
      ) : null}
      {bulk ? (
        <ConfirmModal
          open={confirmBulk}
          title={`Delete ${checked.size === 1 ? `1 ${bulk.noun}` : `${checked.size} ${bulk.plural ?? `${bulk.noun}s`}`}`}
          message={`Delete the ${checked.size === 1 ? `selected ${bulk.noun}` : `${checked.size} selected ${bulk.plural ?? `${bulk.noun}s`}`}? This cannot be undone.`}
          busy={removeSelected.isPending}
          onConfirm={() => removeSelected.mutate([...checked])}
          onClose={() => setConfirmBulk(false)}
        />
      ) : null}
    </section>
  );
}

function sortState(sort: string, key: string): "ascending" | "descending" | undefined {
  if (sort === key) return "ascending";
  if (sort === `-${key}`) return "descending";
  return undefined;
}

/** Mounted while open, so every opening starts from the applied filters. */
function FilterModal({
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
