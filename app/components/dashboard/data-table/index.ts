export { DataTable } from "./data-table";
export type { Column, DataTableProps, FilterField } from "./types";
