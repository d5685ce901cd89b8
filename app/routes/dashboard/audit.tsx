import { DataTable } from "~/components/dashboard/data-table";
import { localDateTime } from "~/lib/dashboard/dates";
import { consoleMeta } from "~/lib/dashboard/meta";

export const meta = () => consoleMeta("Audit log");

interface AuditEntry {
  id: number;
  operator: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** Field names whose values differ between before and after. */
function changedFields(before: unknown, after: unknown): string {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return "";
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(a)
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]) && k !== "updatedAt")
    .join(", ");
}

export default function AuditLog() {
  return (
    <DataTable<AuditEntry>
      title="Audit log"
      endpoint="/api/audit_log"
      rowKey={(e) => e.id}
      emptyText="No changes recorded yet."
      columns={[
        { key: "created_at", header: "When", render: (e) => localDateTime(e.created_at) },
        { key: "operator", header: "Who", render: (e) => e.operator },
        { key: "action", header: "Action", render: (e) => e.action },
        { key: "entity", header: "Record", render: (e) => `${e.entity} #${e.entity_id}` },
        { key: "changes", header: "Changed fields", render: (e) => changedFields(e.before, e.after) || "—" },
      ]}
    />
  );
}
