import { useMutation, useQueryClient } from "@tanstack/react-query";
import { resourceRequest, send, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";

/** Every row with this id in a cached list answer (whatever its shape), with `change` applied. */
function patchRows(data: unknown, id: number, change: object, depth = 0): unknown {
  if (depth > 3 || data === null || typeof data !== "object") return data;
  if (Array.isArray(data)) return data.map((item) => patchRows(item, id, change, depth + 1));
  const record = data as Record<string, unknown>;
  if (record.id === id) return { ...record, ...change };
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, patchRows(value, id, change, depth + 1)]),
  );
}

/**
 * A status change that shows at once: the cached lists under `endpoint` take the new status before the
 * PATCH is sent (onMutate), go back to what they showed if it fails, with an error toast saying so, and
 * are refetched either way.
 */
export function useOptimisticStatus<S extends string>(options: {
  endpoint: ResourcePath;
  label: (status: S) => string;
}) {
  const client = useQueryClient();
  const key = [options.endpoint];
  return useMutation({
    /** `name` words the toasts ("enquiry from Asha Rao"); `from` is the status to fall back to. */
    mutationFn: ({ id, status }: { id: number; status: S; from: S; name: string }) =>
      send(resourceRequest("PATCH", options.endpoint, "/:id", { params: { id }, body: { status } })),
    onMutate: async ({ id, status }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueriesData({ queryKey: key });
      client.setQueriesData({ queryKey: key }, (data: unknown) => patchRows(data, id, { status }));
      return { before };
    },
    onError: (error, { status, from, name }, context) => {
      for (const [queryKey, data] of context?.before ?? []) client.setQueryData(queryKey, data);
      toast.error(
        `Could not mark ${name} ${options.label(status)}; it is back to ${options.label(from)}. ${error.message}`,
      );
    },
    onSuccess: (_answer, { status, name }) =>
      toast.success(`${name.charAt(0).toUpperCase()}${name.slice(1)} marked ${options.label(status)}.`),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
