import { useState, type ReactNode } from "react";
import { resourceRequest } from "#app/lib/dashboard/api.ts";
import { DataTable, type DataTableProps } from "../data-table";
import { RowActions } from "../row-actions";
import { useDeleteConfirm } from "./use-delete-confirm";

type RowKey<T> = (row: T) => number | string;
/** Rows with an `id` are keyed (and deleted) by it unless told otherwise. */
type RowKeyProps<T> = T extends { id: number } ? { rowKey?: RowKey<T> } : { rowKey: RowKey<T> };

export type ListScreenProps<T> = Omit<DataTableProps<T>, "actions" | "rowActions" | "rowKey"> &
  RowKeyProps<T> &
  ListScreenParts<T>;

interface ListScreenParts<T> {
  /** Names a row after its action buttons for screen readers, e.g. "enquiry from Asha Rao". */
  describe: (row: T) => string;
  /** The header button that opens `form` for a new record. */
  createLabel?: ReactNode;
  /** The create/edit slot, mounted while open; `row` is null for a new record. */
  form?: (row: T | null, close: () => void) => ReactNode;
  /** The row button that opens `form` ("Edit" unless named). */
  editText?: string;
  /** Row buttons placed before Edit and Delete. */
  extraRowActions?: (row: T) => ReactNode;
  /** A Delete button on every row, confirmed first; DELETE `${endpoint}/${rowKey(row)}`. */
  remove?: RemoveRows<T>;
}

interface RemoveRows<T> {
  /** What a row is, for "Delete post" and "Post deleted.". */
  noun: string;
  /** "remove" words it Remove / removed, e.g. for a team member taken off the leadership page. */
  verb?: "delete" | "remove";
  /** The question asked (default: "Delete <describe(row)>?"; the toast offers Undo where the server can restore). */
  message?: (row: T) => string;
  /** Queries refetched once deleted (default: this list). */
  invalidate?: string[];
  onDeleted?: (row: T) => void;
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A console list screen: the table, its create/edit form and its delete confirmation. */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { describe, createLabel, form, editText, extraRowActions, remove, ...table } = props;
  const rowKey: RowKey<T> = props.rowKey ?? ((row) => (row as { id: number }).id);
  const [open, setOpen] = useState<{ row: T | null } | null>(null);
  const verb = remove?.verb ?? "delete";
  const noun = remove?.noun ?? "";
  const deletion = useDeleteConfirm<T>({
    request: (row) => resourceRequest("DELETE", table.endpoint, "/:id", { params: { id: rowKey(row) } }),
    title: `${capitalised(verb)} ${noun}`,
    message: remove?.message ?? ((row) => `${capitalised(verb)} ${describe(row)}?`),
    success: `${capitalised(noun)} ${verb}d.`,
    invalidate: remove?.invalidate ?? [table.endpoint],
    onDeleted: remove?.onDeleted,
    undo: {
      request: (row) => resourceRequest("POST", table.endpoint, "/restore", { body: { ids: [rowKey(row)] } }),
      success: `${capitalised(noun)} restored.`,
    },
  });
  return (
    <>
      <DataTable<T>
        {...table}
        rowKey={rowKey}
        actions={
          createLabel ? (
            <button type="button" className="btn-primary" onClick={() => setOpen({ row: null })}>
              {createLabel}
            </button>
          ) : undefined
        }
        rowActions={(row) => (
          <RowActions
            label={describe(row)}
            editText={editText}
            onEdit={form ? () => setOpen({ row }) : undefined}
            onDelete={remove ? () => deletion.ask(row) : undefined}
          >
            {extraRowActions?.(row)}
          </RowActions>
        )}
      />
      {open && form ? form(open.row, () => setOpen(null)) : null}
      {remove ? deletion.dialog : null}
    </>
  );
}
