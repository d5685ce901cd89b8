import type { ReactNode } from "react";
import type { ResourcePath } from "#app/lib/dashboard/api.ts";

export interface Column<T> {
  key: string;
  header: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  className?: string;
  /** Names the record: the title of its card on a phone (default: the first column). */
  primary?: boolean;
}

export interface FilterField {
  name: string;
  label: string;
  /** A select (the default) or a date input. */
  type?: "select" | "date";
  options?: readonly { value: string; label: string }[];
}

export interface BulkDelete<T> {
  noun: string;
  plural?: string;
  rowId: (row: T) => number;
  /**
   * The endpoint deletes and exports by the list's filters (`all_matching`) and exports ticked ids
   * (`export.csv?ids=`): offers "Select all N matching" and "Export selected".
   */
  allMatching?: boolean;
}

/** What a bulk action acts on: the ticked ids, or every row the list query selects (`count` of them). */
export type BulkTarget = { ids: number[] } | { matching: number; query: string };

/** Row checkboxes for actions of the list's own (the buttons `actions` renders once rows are selected). */
export interface BulkSelect<T> extends BulkDelete<T> {
  actions: (target: BulkTarget, count: number, clear: () => void) => ReactNode;
}

export interface DataTableProps<T> {
  title: string;
  /** List endpoint, e.g. /api/contact_requests; answers `{ <dataKey>_data, total_no_of_data }`. */
  endpoint: ResourcePath;
  /** The API's name for the rows (default: the endpoint's last segment, e.g. "contact_requests"). */
  dataKey?: string;
  columns: Column<T>[];
  rowKey: (row: T) => number | string;
  filters?: FilterField[];
  searchPlaceholder?: string;
  actions?: ReactNode;
  rowActions?: (row: T) => ReactNode;
  /** Adds a CSV button that downloads `${endpoint}/export.csv` with the current filters. */
  csvExport?: boolean;
  /** Adds "Import CSV": the spreadsheet import of the list at `endpoint` (schemas/imports.ts). */
  csvImport?: boolean;
  emptyText?: string;
  /** Row checkboxes and one "Delete selected" that posts `{ ids }` (or `{ all_matching: true }`) to `${endpoint}/bulk_delete` after one confirmation. */
  bulkDelete?: BulkDelete<T>;
  /** Row checkboxes with the list's own bulk buttons instead of "Delete selected". */
  bulkSelect?: BulkSelect<T>;
  /** Fixed query parameters sent with every list and CSV request (e.g. a date range chosen outside the table). */
  extraQuery?: Record<string, string>;
  /** Reads rows and total from an answer of another shape (default: `<dataKey>_data` and `total_no_of_data`). */
  select?: (answer: unknown) => { rows: T[]; total: number; capped?: boolean };
  rowClassName?: (row: T) => string;
  /** Refetches the list this often (ms) while the tab is visible, so it updates without a reload. */
  refetchInterval?: number;
  /** Heading level of the title (default 1); 2 when the table sits inside a page with its own h1. */
  titleLevel?: 1 | 2;
}
