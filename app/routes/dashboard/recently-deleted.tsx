import { Link, useOutletContext } from "react-router";
import { DataTable } from "#app/components/dashboard/data-table/index.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import type { Me } from "#app/lib/dashboard/me.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { RECENTLY_DELETED_API, useRestore } from "#app/lib/dashboard/restore.ts";
import { useSiteSettings } from "#app/lib/dashboard/site-settings.ts";
import { DEFAULT_TRASH_DAYS } from "#schemas/settings.ts";
import {
  isTrashType,
  trashTypes,
  trashTypesFor,
  type TrashEntry,
  type TrashTypeName,
} from "#schemas/trash.ts";

export const meta = () => consoleMeta("Recently deleted");

const labelOf = (type: string) => (isTrashType(type) ? trashTypes[type].label : type);

export default function RecentlyDeleted() {
  const me = useOutletContext<Me>();
  const types = trashTypesFor(me.role);
  const restore = useRestore();
  // Editors cannot read Site settings; they are told the default.
  const settings = useSiteSettings(me.role === "admin");
  const days = settings.data?.data.trash_days ?? DEFAULT_TRASH_DAYS;
  return (
    <>
      <DataTable<TrashEntry>
        title="Recently deleted"
        endpoint={RECENTLY_DELETED_API}
        rowKey={(e) => e.id}
        searchPlaceholder="Search name, id or who deleted"
        emptyText="Nothing was deleted recently."
        filters={[
          {
            name: "type",
            label: "Record type",
            options: types.map((type) => ({ value: type, label: trashTypes[type].plural })),
          },
        ]}
        columns={[
          {
            key: "type",
            header: "Type",
            render: (e) =>
              e.import_batch_id !== null && isTrashType(e.type) ? trashTypes[e.type].plural : labelOf(e.type),
          },
          { key: "name", header: "Name", render: (e) => e.name },
          { key: "deleted_by", header: "Deleted by", render: (e) => e.deleted_by ?? "—" },
          { key: "deleted_at", header: "Deleted (India time)", render: (e) => formatDateTime(e.deleted_at) },
          { key: "expires_at", header: "Kept until", render: (e) => formatDateTime(e.expires_at) },
        ]}
        rowActions={(e) =>
          isTrashType(e.type) ? (
            <div className="flex justify-end">
              <button
                type="button"
                className={rowActionClass}
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(
                    e.import_batch_id === null
                      ? { type: e.type as TrashTypeName, id: e.record_id! }
                      : { type: e.type as TrashTypeName, importBatch: e.import_batch_id },
                  )
                }
              >
                {e.import_batch_id === null ? "Restore" : `Restore all ${e.count.toLocaleString("en-IN")}`}
                <span className="sr-only">
                  {" "}
                  {e.import_batch_id === null ? `${labelOf(e.type)} ${e.name}` : `of the ${e.name}`}
                </span>
              </button>
            </div>
          ) : null
        }
      />
      <p className="mt-4 text-sm text-slate-600">
        Deleted records are kept for {days === 1 ? "1 day" : `${days} days`}, then removed for good.
        {me.role === "admin" ? (
          <>
            {" "}
            Change this in{" "}
            <Link to="/dashboard/settings" className="font-medium text-brand-700 underline">
              Site settings
            </Link>
            .
          </>
        ) : null}
      </p>
    </>
  );
}
