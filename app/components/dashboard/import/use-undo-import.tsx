import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "#app/lib/toast.tsx";
import { importSpecs, type ImportBatch } from "#schemas/imports.ts";
import { ConfirmModal } from "../modal";
import { IMPORTS, undoImport } from "./import-api";

/**
 * Undo of an import, asked first: `ask(batch)` opens the confirmation; on success the list, the recent
 * imports and Recently deleted are refetched and `onUndone` hears the import as it now is.
 */
export function useUndoImport(onUndone?: (batch: ImportBatch) => void) {
  const [asking, setAsking] = useState<ImportBatch | null>(null);
  const client = useQueryClient();
  const undo = useMutation({
    mutationFn: (batch: ImportBatch) => undoImport(batch.id),
    onSuccess: async (answer, batch) => {
      toast.success(answer.message ?? "Import undone.");
      setAsking(null);
      onUndone?.(answer.data);
      await Promise.all(
        [importSpecs[batch.type].endpoint, IMPORTS, "/api/recently_deleted"].map((key) =>
          client.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
    onError: (error) => toast.error(`Could not undo the import: ${error.message}`),
  });
  const spec = asking ? importSpecs[asking.type] : null;
  const dialog = (
    <ConfirmModal
      open={asking !== null}
      title="Undo import"
      message={
        asking && spec
          ? `Undo the import of ${asking.file_name}? The ${spec.plural} it added go to Recently deleted, and those it updated get their earlier values back.`
          : ""
      }
      confirmLabel="Undo import"
      busy={undo.isPending}
      onConfirm={() => asking && undo.mutate(asking)}
      onClose={() => setAsking(null)}
    />
  );
  return { ask: setAsking, dialog };
}
