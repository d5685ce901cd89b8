import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { send, type ApiRequest } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { ConfirmModal } from "../modal";

/** What a delete answers; `restorable` when the server kept the records in its trash for an undo. */
export interface DeleteAnswer {
  message?: string;
  restorable?: boolean;
  data?: { deleted?: number; ids?: number[] } | unknown[];
}

export interface DeleteConfirmOptions<T> {
  request: (target: T) => ApiRequest;
  title: string | ((target: T) => string);
  message: (target: T) => string;
  /** The toast once deleted. */
  success: string | ((target: T, answer: DeleteAnswer) => string);
  /** Queries refetched once deleted. */
  invalidate: string[];
  /** Runs once deleted, before the dialog closes. */
  onDeleted?: (target: T) => void;
  /** The Undo in the toast, offered when the server answers `restorable`: the request that puts it back. */
  undo?: { request: (target: T, answer: DeleteAnswer) => ApiRequest; success: string };
}

/**
 * The console's one way to delete: `ask(target)` opens a confirmation, and only its Delete button sends
 * the request; the toast then offers Undo where the server can restore. Returns the target being asked
 * about, the mutation and the dialog to render.
 */
export function useDeleteConfirm<T>(options: DeleteConfirmOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(options.invalidate.map((key) => client.invalidateQueries({ queryKey: [key] })));

  async function restore(request: ApiRequest, success: string) {
    try {
      await send(request);
      toast.success(success);
    } catch (error) {
      toast.error(`Could not undo the delete: ${error instanceof Error ? error.message : "try again"}`);
    }
    await refresh();
  }

  const mutation = useMutation({
    // A kit's request answers the delete shape of its route (crud.ts), which the table types loosely.
    mutationFn: (input: T) => send(options.request(input)) as Promise<DeleteAnswer>,
    onSuccess: async (answer, deleted) => {
      const { success, undo } = options;
      const text = typeof success === "string" ? success : success(deleted, answer ?? {});
      toast.success(
        text,
        undo && answer?.restorable
          ? {
              action: {
                label: "Undo",
                onClick: () => void restore(undo.request(deleted, answer), undo.success),
              },
            }
          : undefined,
      );
      await refresh();
      options.onDeleted?.(deleted);
      setTarget(null);
    },
    onError: (error) => toast.error(error.message),
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
