import { Plus } from "lucide-react";
import { useState } from "react";
import { resourceRequest } from "#app/lib/dashboard/api.ts";
import { DataTable, type Column, type FilterField } from "#app/components/dashboard/data-table/index.ts";
import { useDeleteConfirm } from "#app/components/dashboard/kit/use-delete-confirm.tsx";
import { EntityModal, type EntityModalConfig } from "./entity-modal";
import { RowActions } from "./ui";

export interface EntityScreenConfig<T> extends EntityModalConfig<T> {
  title: string;
  dataKey: string;
  plural: string;
  columns: Column<T>[];
  filters: FilterField[];
  searchPlaceholder: string;
  /** How a row is named in buttons and confirmations, e.g. "load Pune → Chennai". */
  describe: (row: T) => string;
}

/** One directory list: search, filters, CSV, bulk delete, and create/edit/delete modals. */
export function EntityScreen<T>({ config }: { config: EntityScreenConfig<T> }) {
  const [editing, setEditing] = useState<T | null>(null);
  const [creating, setCreating] = useState(false);
  const remove = useDeleteConfirm<T>({
    request: (row) =>
      resourceRequest("DELETE", config.endpoint, "/:id", { params: { id: config.idOf(row) } }),
    title: `Delete ${config.noun}`,
    message: (row) => `Delete ${config.describe(row)}?`,
    success: `${config.noun.charAt(0).toUpperCase()}${config.noun.slice(1)} deleted.`,
    invalidate: [config.endpoint],
    undo: {
      request: (row) =>
        resourceRequest("POST", config.endpoint, "/restore", { body: { ids: [config.idOf(row)] } }),
      success: `${config.noun.charAt(0).toUpperCase()}${config.noun.slice(1)} restored.`,
    },
  });

  return (
    <>
      <DataTable<T>
        title={config.title}
        endpoint={config.endpoint}
        dataKey={config.dataKey}
        rowKey={config.idOf}
        columns={config.columns}
        filters={config.filters}
        searchPlaceholder={config.searchPlaceholder}
        csvExport
        csvImport
        emptyText={`No ${config.plural} match.`}
        bulkDelete={{ noun: config.noun, plural: config.plural, rowId: config.idOf, allMatching: true }}
        actions={
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" /> Add {config.noun}
          </button>
        }
        rowActions={(row) => (
          <RowActions
            label={config.describe(row)}
            onEdit={() => setEditing(row)}
            onDelete={() => remove.ask(row)}
          />
        )}
      />
      {creating ? <EntityModal config={config} row={null} onClose={() => setCreating(false)} /> : null}
      {editing ? <EntityModal config={config} row={editing} onClose={() => setEditing(null)} /> : null}
      {remove.dialog}
    </>
  );
}
