import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { request } from "#app/lib/dashboard/api.ts";
import type { OperatorSummary } from "#schemas/operator.ts";
import { rowActionClass } from "../row-actions";

/** Signs another operator out everywhere: every session of theirs ends at once. */
export function EndSessionsButton({ operator }: { operator: OperatorSummary }) {
  const endSessions = useConsoleMutation<OperatorSummary>({
    request: (o) => request("POST /api/operators/:id/end_sessions", { params: { id: o.id } }),
    success: "Every session of that operator has been ended.",
    invalidate: [],
  });
  return (
    <button
      type="button"
      className={rowActionClass}
      disabled={endSessions.isPending}
      onClick={() => endSessions.mutate(operator)}
    >
      End sessions<span className="sr-only"> of {operator.username}</span>
    </button>
  );
}
