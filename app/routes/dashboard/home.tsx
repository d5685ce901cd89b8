import { Plus } from "lucide-react";
import { PhoneLink } from "#app/components/dashboard/contact-links.tsx";
import { useSearchParams } from "react-router";
import { timeColumn } from "#app/components/dashboard/columns.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { MemberModal } from "#app/components/dashboard/logistics/member-form.tsx";
import { MemberProfile } from "#app/components/dashboard/logistics/member-profile.tsx";
import {
  addedFrom,
  addedTo,
  categoryOptions,
  stateOptions,
} from "#app/components/dashboard/logistics/options.ts";
import { formatDate } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import type { Member } from "#schemas/logistics.ts";
import { stateLabel } from "#schemas/logistics-options.ts";

export const meta = () => consoleMeta("Dashboard");

/** The console's home: the member directory; selecting a member shows the profile and vehicle list. */
export default function Home() {
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get("member")) || null;
  const select = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("member", String(id));
        else next.delete("member");
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold text-navy-900">Dashboard</h1>
      {selectedId ? <MemberProfile key={selectedId} id={selectedId} onClose={() => select(null)} /> : null}
      <ListScreen<Member>
        title="Members"
        titleLevel={2}
        endpoint="/api/members"
        rowKey={(m) => m.user_id}
        describe={(m) => `member ${m.first_name} ${m.last_name}`.trim()}
        searchPlaceholder="Search name, mobile number or company"
        csvExport
        csvImport
        emptyText="No members match."
        bulkDelete={{ noun: "member", rowId: (m) => m.user_id, allMatching: true }}
        filters={[
          { name: "state", label: "State", options: stateOptions },
          { name: "service_category", label: "Service category", options: categoryOptions },
          addedFrom,
          addedTo,
        ]}
        rowClassName={(m) => (m.user_id === selectedId ? "bg-brand-50" : "")}
        createLabel={
          <>
            <Plus aria-hidden="true" className="size-4" /> Add member
          </>
        }
        form={(member, close) => (
          <MemberModal
            member={member}
            onClose={close}
            onSaved={member ? undefined : (m) => select(m.user_id)}
          />
        )}
        remove={{
          noun: "member",
          message: (m) =>
            `Delete ${m.first_name} ${m.last_name} and their vehicle list? Their loads, trucks and listings stay, without a member.`,
          onDeleted: (m) => {
            if (m.user_id === selectedId) select(null);
          },
        }}
        columns={[
          {
            key: "first_name",
            header: "Member",
            sortable: true,
            className: "min-w-48",
            render: (m) => (
              <button
                type="button"
                className="text-left"
                onClick={() => select(m.user_id)}
                aria-pressed={m.user_id === selectedId}
              >
                <span className="block font-medium text-brand-700 underline-offset-2 hover:underline">
                  {`${m.first_name} ${m.last_name}`.trim()}
                </span>
                <span className="block text-xs text-slate-600">{m.company || "—"}</span>
              </button>
            ),
          },
          {
            key: "phone",
            header: "Mobile",
            className: "whitespace-nowrap",
            render: (m) => <PhoneLink phone={m.phone} />,
          },
          { key: "state", header: "State", sortable: true, render: (m) => stateLabel(m.state) },
          { key: "service_category", header: "Category", sortable: true, render: (m) => m.service_category },
          { key: "vehicles", header: "Vehicles", className: "text-right", render: (m) => m.vehicle_count },
          timeColumn("created_at", "Joined", formatDate),
        ]}
      />
    </div>
  );
}
