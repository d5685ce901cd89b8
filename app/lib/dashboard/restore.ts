import { trashTypes, type TrashTypeName } from "#schemas/trash.ts";
import { request } from "./api";
import { useConsoleMutation } from "./mutation";

export const RECENTLY_DELETED_API = "/api/recently_deleted";

/**
 * Puts one deleted record back from Recently deleted, or (`importBatch`) every record of the type one
 * import's Undo removed; the lists they may appear on are refetched.
 */
export function useRestore() {
  return useConsoleMutation<
    { type: TrashTypeName; id: number } | { type: TrashTypeName; importBatch: number }
  >({
    request: (what) =>
      request("POST /api/recently_deleted/restore", {
        body:
          "importBatch" in what
            ? { type: what.type, import_batch: what.importBatch }
            : { type: what.type, ids: [what.id] },
      }),
    success: "Restored.",
    invalidate: [RECENTLY_DELETED_API, "/api/audit_log", ...Object.values(trashTypes).map((t) => t.endpoint)],
  });
}
