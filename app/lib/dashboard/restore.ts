import { trashTypes, type TrashTypeName } from "../../../schemas/trash";
import { useConsoleMutation } from "./mutation";

export const RECENTLY_DELETED_API = "/api/recently_deleted";

/** Puts one deleted record back from Recently deleted; the lists it may appear on are refetched. */
export function useRestore() {
  return useConsoleMutation<{ type: TrashTypeName; id: number }>({
    request: ({ type, id }) => ({
      path: `${RECENTLY_DELETED_API}/restore`,
      method: "POST",
      body: { type, ids: [id] },
    }),
    success: "Restored.",
    invalidate: [RECENTLY_DELETED_API, "/api/audit_log", ...Object.values(trashTypes).map((t) => t.endpoint)],
  });
}
