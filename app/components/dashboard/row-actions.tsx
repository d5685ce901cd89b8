import type { ReactNode } from "react";

// `relative`: each button holds its own sr-only label, which must not widen the page or the scroll box.
export const rowActionClass = "relative rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50";

/** Edit and Delete buttons of a row, named for screen readers; `children` go before them. */
export function RowActions({
  label,
  onEdit,
  onDelete,
  editText = "Edit",
  children,
}: {
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  editText?: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative flex justify-end gap-2">
      {children}
      {onEdit ? (
        <button type="button" className={rowActionClass} onClick={onEdit}>
          {editText}
          <span className="sr-only"> {label}</span>
        </button>
      ) : null}
      {onDelete ? (
        <button
          type="button"
          className="relative rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50"
          onClick={onDelete}
        >
          Delete<span className="sr-only"> {label}</span>
        </button>
      ) : null}
    </div>
  );
}
