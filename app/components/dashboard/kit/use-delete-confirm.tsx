import { useState } from "react";
import { useConsoleMutation, type ConsoleRequest } from "~/lib/dashboard/mutation";
import { ConfirmModal } from "../modal";

export interface DeleteConfirmOptions<T> {
  request: (target: T) => ConsoleRequest;
  title: string | ((target: T) => string);
  message: (target: T) => string;
  /** The toast once deleted. */
  success: string;
  /** Queries refetched once deleted. */
  invalidate: string[];
  /** Runs once deleted, before the dialog closes. */
  onDeleted?: (target: T) => void;
}

/**
 * The console's one way to delete: `ask(target)` opens a confirmation, and only its Delete button sends
 * the request. Returns the target being asked about, the mutation and the dialog to render.
 */
export function useDeleteConfirm<T>(options: DeleteConfirmOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useConsoleMutation<T>({
    request: options.request,
    success: options.success,
    invalidate: options.invalidate,
    onSuccess: (deleted) => {
      options.onDeleted?.(deleted);
      setTarget(null);
    },
  });
  const { title, message } = options;
  const dialog = (
    <ConfirmModal
      open={target !== null}
      title={typeof title === "string" ? title : target !== null ? title(target) : ""}
      message={target !== null ? message(target) : ""}
      busy={mutation.isPending}
      onConfirm={() => target !== null && mutation.mutate(target)}
      onClose={() => setTarget(null)}
    />
  );
  return { target, ask: (next: T) => setTarget(next), mutation, dialog };
}
