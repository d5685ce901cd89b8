import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { resourceRequest, send } from "#app/lib/dashboard/api.ts";
import { useListParams } from "#app/lib/dashboard/list-params.ts";
import { toast } from "#app/lib/toast.tsx";
import { downloadCsv } from "./csv-export";
import { FilterModal } from "./filter-modal";
import { RecentlyDeletedLink } from "../recently-deleted-link";
import { Pager } from "./pager";
import { useBulkDelete, useRowSelection } from "./selection";
import { Table, useListTable } from "./table";
import { Toolbar } from "./toolbar";
import type { BulkTarget, DataTableProps } from "./types";
import { importTypeOfEndpoint } from "#schemas/imports.ts";

// Loaded when first opened: lists that are only read do not carry the import's steps.
const ImportDialog = lazy(() => import("../import/import-dialog"));

type ListAnswer<T> = { total_no_of_data: number; total_capped?: boolean } & Record<
  string,
  T[] | number | boolean
>;

/** The console's one list: server-side paging, search, sort and filters, all kept in the URL. */
export function DataTable<T>(props: DataTableProps<T>) {
  const dataKey = props.dataKey ?? props.endpoint.slice(props.endpoint.lastIndexOf("/") + 1);
  const list = useListParams((props.filters ?? []).map((f) => f.name));
  const [filterOpen, setFilterOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const importType = props.csvImport ? importTypeOfEndpoint(props.endpoint) : undefined;

  const extra = props.extraQuery ? new URLSearchParams(props.extraQuery).toString() : "";
  const apiQuery = extra ? `${list.apiQuery}&${extra}` : list.apiQuery;
  const query = useQuery({
    queryKey: [props.endpoint, apiQuery],
    queryFn: async ({ signal }) =>
      (await send({
        ...resourceRequest("GET", props.endpoint, "", { search: apiQuery }),
        signal,
      })) as ListAnswer<T>,
    placeholderData: keepPreviousData,
    // Lists that change by themselves (the outbox) ask again; never while the tab is hidden.
    refetchInterval: props.refetchInterval,
    refetchIntervalInBackground: false,
  });
  const selected = props.select && query.data ? props.select(query.data) : null;
  const rows = selected?.rows ?? (query.data?.[`${dataKey}_data`] as T[] | undefined) ?? [];
  const total = selected?.total ?? query.data?.total_no_of_data ?? 0;
  // Lists may count only up to a cap (`total_capped`): "of 10,000+".
  const capped = selected ? Boolean(selected.capped) : query.data?.total_capped === true;

  // Bulk selection covers the rows on screen or all N matching; any change of page, search or filter clears it.
  const bulk = props.bulkDelete ?? props.bulkSelect;
  const selection = useRowSelection(bulk ? rows.map(bulk.rowId) : [], apiQuery);
  const bulkDelete = useBulkDelete(props.endpoint, props.bulkDelete, selection);
  const matching = Boolean(bulk?.allMatching) && selection.allMatching;
  const selectedCount = matching ? total : selection.checked.size;
  const target: BulkTarget = matching
    ? { matching: total, query: apiQuery }
    : { ids: [...selection.checked] };
  const table = useListTable({
    list: props.endpoint,
    columns: props.columns,
    rows,
    rowKey: props.rowKey,
    sort: list.sort,
  });
  const Title = props.titleLevel === 2 ? "h2" : "h1";
  const plural = bulk ? (bulk.plural ?? `${bulk.noun}s`) : "";

  useEffect(() => {
    if (query.error) toast.error(query.error.message);
  }, [query.error]);

  return (
    <section aria-labelledby="list-title" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3 max-sm:gap-2">
        <Title
          id="list-title"
          className={
            props.titleLevel === 2
              ? "text-lg font-semibold text-navy-900"
              : "text-2xl font-bold text-navy-900 max-sm:text-xl"
          }
        >
          {props.title}
        </Title>
        <div className="flex flex-wrap items-center gap-2">
          {/* Every list whose records go to the trash links to them there. */}
          <RecentlyDeletedLink endpoint={props.endpoint} />
          {props.actions}
        </div>
      </div>

      <Toolbar
        table={table}
        search={list.search}
        onSearch={list.setSearch}
        searchPlaceholder={props.searchPlaceholder}
        activeFilters={Object.values(list.filters).filter(Boolean).length}
        onOpenFilters={props.filters?.length ? () => setFilterOpen(true) : undefined}
        onClearFilters={list.clearFilters}
        onExport={props.csvExport ? () => downloadCsv(props.endpoint, apiQuery, dataKey) : undefined}
        onImport={importType ? () => setImportOpen(true) : undefined}
        selectedCount={selectedCount}
        onDeleteSelected={props.bulkDelete ? () => bulkDelete.ask(target) : undefined}
        bulkActions={
          props.bulkSelect && selectedCount > 0
            ? props.bulkSelect.actions(target, selectedCount, selection.clear)
            : null
        }
        onExportSelected={
          bulk?.allMatching && props.csvExport
            ? () =>
                downloadCsv(
                  props.endpoint,
                  matching ? apiQuery : `ids=${[...selection.checked].join(",")}`,
                  dataKey,
                )
            : undefined
        }
      />

      {bulk?.allMatching && selection.allChecked && total > rows.length ? (
        <p
          className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-50 px-4 py-2 text-sm text-slate-800"
          aria-live="polite"
        >
          {matching ? (
            <>
              <span>
                All {total.toLocaleString("en-IN")}
                {capped ? "+" : ""} {plural} matching are selected.
              </span>
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={selection.clear}
              >
                Clear selection
              </button>
            </>
          ) : (
            <>
              <span>
                All {rows.length} {plural} on this page are selected.
              </span>
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={selection.selectAllMatching}
              >
                Select all {total.toLocaleString("en-IN")}
                {capped ? "+" : ""} matching
              </button>
            </>
          )}
        </p>
      ) : null}

      <Table
        table={table}
        rowActions={props.rowActions}
        rowClassName={props.rowClassName}
        sort={list.sort}
        onSort={list.setSort}
        onSortTo={list.setSortTo}
        selectable={bulk ? { rowId: bulk.rowId, selection } : undefined}
        status={{ pending: query.isPending, error: query.isError, stale: query.isPlaceholderData }}
        emptyText={props.emptyText}
      />

      <Pager
        page={list.page}
        pageSize={list.pageSize}
        total={total}
        capped={capped}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />

      {props.filters?.length && filterOpen ? (
        <FilterModal
          onClose={() => setFilterOpen(false)}
          fields={props.filters}
          values={list.filters}
          onApply={list.applyFilters}
        />
      ) : null}
      {props.bulkDelete ? bulkDelete.dialog : null}
      {importType && importOpen ? (
        <Suspense fallback={null}>
          <ImportDialog type={importType} onClose={() => setImportOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
