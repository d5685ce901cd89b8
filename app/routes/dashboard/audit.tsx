import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime } from "#shared/india-time.ts";
import { DataTable } from "#app/components/dashboard/data-table/index.ts";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import { listAll } from "#app/lib/dashboard/api.ts";
import { changedFields } from "#app/lib/dashboard/audit-changes.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useRestore } from "#app/lib/dashboard/restore.ts";
import { auditActionLabel, auditActions, type AuditEntry } from "#schemas/audit.ts";
import { isTrashType, recordScreens, trashTypeNames, trashTypes } from "#schemas/trash.ts";

export const meta = () => consoleMeta("Audit log");

/** Record types in the log besides the trash's, by their log names. */
const otherEntities: Record<string, string> = {
  crm_note: "CRM note",
  member_vehicle: "Member's vehicle",
  operator: "Operator",
  session: "Session",
  site_settings: "Site settings",
  mail: "Mail",
  import_batch: "Import",
  job_application: "Application",
  booking: "Booked call",
  booking_settings: "Booking hours",
};
const entityLabel = (entity: string) =>
  isTrashType(entity) ? trashTypes[entity].label : (otherEntities[entity] ?? entity);
const entityOptions = [...trashTypeNames, ...Object.keys(otherEntities)]
  .map((value) => ({ value, label: entityLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label));
const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabel(value) }));

/** The record's name, linked to its list (searched for it) where the console has one and it still exists. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const name = entry.record_name ?? `#${entry.entity_id}`;
  const screen = recordScreens[entry.entity];
  const text = (
    <>
      <span className="block text-xs text-slate-600">{entityLabel(entry.entity)}</span>
      {/* Read aloud and copied as "Job: HR Operations Intern", not "JobHR Operations Intern". */}
      <span className="sr-only">: </span>
      {name}
    </>
  );
  if (!screen || entry.action === "delete") return <span>{text}</span>;
  const query =
    entry.record_name && entry.entity !== "site_settings"
      ? `?search=${encodeURIComponent(entry.record_name)}`
      : "";
  return (
    <Link to={`${screen}${query}`} className="text-brand-700 underline">
      {text}
    </Link>
  );
}

export default function AuditLog() {
  const restore = useRestore();
  // Every operator for the "Who" filter (the log is admin only, as is this list).
  const operators = useQuery({
    queryKey: ["/api/operators", "audit-filter"],
    queryFn: ({ signal }) => listAll("GET /api/operators", "operators_data", signal),
  });
  const operatorOptions = (operators.data ?? []).map((o) => ({
    value: o.username,
    label: o.username,
  }));
  return (
    <DataTable<AuditEntry>
      title="Audit log"
      endpoint="/api/audit_log"
      rowKey={(e) => e.id}
      searchPlaceholder="Search record name, action or record type"
      emptyText="No changes match."
      filters={[
        { name: "operator", label: "Who", options: operatorOptions },
        { name: "action", label: "Action", options: actionOptions },
        { name: "entity", label: "Record type", options: entityOptions },
        { name: "created_from", label: "From (India date)", type: "date" },
        { name: "created_to", label: "Until (India date)", type: "date" },
      ]}
      columns={[
        { key: "created_at", header: "When (India time)", render: (e) => formatDateTime(e.created_at) },
        { key: "operator", header: "Who", render: (e) => e.operator },
        { key: "action", header: "Action", render: (e) => auditActionLabel(e.action) },
        { key: "entity", header: "Record", render: (e) => <RecordCell entry={e} /> },
        { key: "changes", header: "Changed fields", render: (e) => changedFields(e.before, e.after) || "—" },
      ]}
      rowActions={(e) =>
        e.restorable && isTrashType(e.entity) ? (
          <div className="flex justify-end">
            <button
              type="button"
              className={rowActionClass}
              disabled={restore.isPending}
              onClick={() => {
                if (isTrashType(e.entity)) restore.mutate({ type: e.entity, id: Number(e.entity_id) });
              }}
            >
              Restore
              <span className="sr-only"> {`${entityLabel(e.entity)} ${e.record_name ?? e.entity_id}`}</span>
            </button>
          </div>
        ) : null
      }
    />
  );
}
