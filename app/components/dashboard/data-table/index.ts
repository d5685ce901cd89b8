export { DataTable } from "./data-table";
export type { BulkTarget, Column, DataTableProps, FilterField } from "./types";
