import { useState } from "react";
import { resourceRequest, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { useDeleteConfirm } from "../kit/use-delete-confirm";
import type { BulkDelete, BulkTarget } from "./types";

export type RowSelection = ReturnType<typeof useRowSelection>;

/**
 * Row checkboxes over the rows on screen, or every row the filters select ("Select all N matching");
 * a new `scope` (page, search or filter) clears them.
 */
export function useRowSelection(pageIds: number[], scope: string) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [checkedScope, setCheckedScope] = useState(scope);
  if (checkedScope !== scope) {
    setCheckedScope(scope);
    setChecked(new Set());
    setAllMatching(false);
  }
  const allChecked = pageIds.length > 0 && pageIds.every((id) => checked.has(id));
  return {
    checked,
    allChecked,
    allMatching,
    noRows: pageIds.length === 0,
    toggleAll: () => {
      setAllMatching(false);
      setChecked(allChecked ? new Set() : new Set(pageIds));
    },
    toggle: (id: number) => {
      setAllMatching(false);
      setChecked((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    selectAllMatching: () => {
      setChecked(new Set(pageIds));
      setAllMatching(true);
    },
    clear: () => {
      setChecked(new Set());
      setAllMatching(false);
    },
  };
}

const countOf = (target: BulkTarget) => ("ids" in target ? target.ids.length : target.matching);

/**
 * "Delete selected": one confirmation, then `{ ids }` (or `{ all_matching: true }` with the filters in the
 * query string) posted to `${endpoint}/bulk_delete`; the toast offers Undo where the server can restore.
 */
export function useBulkDelete<T>(
  endpoint: ResourcePath,
  bulk: BulkDelete<T> | undefined,
  selection: RowSelection,
) {
  const noun = bulk?.noun ?? "";
  const plural = bulk?.plural ?? `${noun}s`;
  const some = (n: number) => (n === 1 ? `1 ${noun}` : `${n.toLocaleString("en-IN")} ${plural}`);
  return useDeleteConfirm<BulkTarget>({
    request: (target) =>
      "ids" in target
        ? resourceRequest("POST", endpoint, "/bulk_delete", { body: { ids: target.ids } })
        : resourceRequest("POST", endpoint, "/bulk_delete", {
            search: target.query,
            body: { all_matching: true },
          }),
    title: (target) => `Delete ${some(countOf(target))}`,
    message: (target) =>
      "ids" in target
        ? `Delete the ${target.ids.length === 1 ? `selected ${noun}` : `${target.ids.length} selected ${plural}`}?`
        : `Delete all ${some(target.matching)} matching the current search and filters?`,
    success: (_target, answer) => answer.message ?? "Selected rows deleted.",
    invalidate: [endpoint],
    onDeleted: selection.clear,
    undo: {
      request: (target, answer) => {
        const data = answer.data as { ids?: number[] } | undefined;
        return resourceRequest("POST", endpoint, "/restore", {
          body: { ids: "ids" in target ? target.ids : (data?.ids ?? []) },
        });
      },
      success: "Deleted rows restored.",
    },
  });
}
