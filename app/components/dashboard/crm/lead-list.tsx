import type { Lead } from "#schemas/logistics.ts";
import { formatDate } from "#shared/india-time.ts";
import { PhoneLink } from "../contact-links";
import { optionsOf } from "../field";
import { ListScreen } from "../kit/list-screen";
import { leadStatusOptions } from "../logistics/options";
import { Chip } from "../logistics/ui";
import { BOARD, LEADS } from "./endpoints";
import { FollowUp, statusTone } from "./follow-up";
import { LeadModal } from "./lead-modal";
import { NameOverCompany } from "./name-over-company";

const followUpOptions = optionsOf({
  overdue: "Overdue",
  today: "Due today",
  upcoming: "Upcoming",
  none: "No date",
});

/** Before sale, as a list: overdue follow-ups stand out; each lead opens its notes. */
export function LeadList() {
  return (
    <ListScreen<Lead>
      title="CRM · Before sale"
      endpoint={LEADS}
      dataKey="lead"
      describe={(l) => `lead ${l.name}`}
      searchPlaceholder="Search name, mobile number, company or interest"
      csvExport
      csvImport
      emptyText="No leads match."
      bulkDelete={{ noun: "lead", rowId: (l) => l.id, allMatching: true }}
      rowClassName={(l) => (l.overdue ? "bg-red-50" : "")}
      filters={[
        { name: "status", label: "Status", options: leadStatusOptions },
        { name: "follow_up", label: "Follow-up", options: followUpOptions },
        { name: "created_from", label: "Created from", type: "date" },
        { name: "created_to", label: "Created to", type: "date" },
      ]}
      editText="Open"
      form={(l, close) => l && <LeadModal id={l.id} onClose={close} />}
      remove={{
        noun: "lead",
        message: (l) => `Delete the lead ${l.name} and its notes?`,
        invalidate: [LEADS, BOARD],
      }}
      columns={[
        {
          key: "name",
          header: "Lead",
          sortable: true,
          render: (l) => <NameOverCompany name={l.name} company={l.company} />,
        },
        {
          key: "contact_no",
          header: "Mobile",
          className: "whitespace-nowrap",
          render: (l) => <PhoneLink phone={l.contact_no} />,
        },
        { key: "interest", header: "Interest", render: (l) => l.interest || "—" },
        {
          key: "status",
          header: "Status",
          sortable: true,
          render: (l) => <Chip tone={statusTone[l.status]}>{l.status}</Chip>,
        },
        { key: "follow_up_date", header: "Follow-up", sortable: true, render: (l) => <FollowUp lead={l} /> },
        {
          key: "created_at",
          header: "Created",
          sortable: true,
          className: "whitespace-nowrap",
          render: (l) => <time dateTime={l.created_at}>{formatDate(l.created_at)}</time>,
        },
        { key: "notes", header: "Notes", className: "text-right", render: (l) => l.note_count },
      ]}
    />
  );
}
