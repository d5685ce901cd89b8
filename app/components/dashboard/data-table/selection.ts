import { useState } from "react";
import { useDeleteConfirm } from "../kit/use-delete-confirm";
import type { BulkDelete } from "./types";

export type RowSelection = ReturnType<typeof useRowSelection>;

/** Row checkboxes over the rows on screen; a new `scope` (page, search or filter) clears them. */
export function useRowSelection(pageIds: number[], scope: string) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [checkedScope, setCheckedScope] = useState(scope);
  if (checkedScope !== scope) {
    setCheckedScope(scope);
    setChecked(new Set());
  }
  const allChecked = pageIds.length > 0 && pageIds.every((id) => checked.has(id));
  return {
    checked,
    allChecked,
    noRows: pageIds.length === 0,
    toggleAll: () => setChecked(allChecked ? new Set() : new Set(pageIds)),
    toggle: (id: number) =>
      setChecked((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    clear: () => setChecked(new Set()),
  };
}

/** "Delete selected": one confirmation, then `{ ids }` posted to `${endpoint}/bulk_delete`. */
export function useBulkDelete<T>(endpoint: string, bulk: BulkDelete<T> | undefined, selection: RowSelection) {
  const noun = bulk?.noun ?? "";
  const plural = bulk?.plural ?? `${noun}s`;
  return useDeleteConfirm<number[]>({
    request: (ids) => ({ path: `${endpoint}/bulk_delete`, method: "POST", body: { ids } }),
    title: (ids) => `Delete ${ids.length === 1 ? `1 ${noun}` : `${ids.length} ${plural}`}`,
    message: (ids) =>
      `Delete the ${ids.length === 1 ? `selected ${noun}` : `${ids.length} selected ${plural}`}? This cannot be undone.`,
    success: "Selected rows deleted.",
    invalidate: [endpoint],
    onDeleted: selection.clear,
  });
}
