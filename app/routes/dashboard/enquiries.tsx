import { useState } from "react";
import { request } from "#app/lib/dashboard/api.ts";
import { PhoneLink } from "#app/components/dashboard/contact-links.tsx";
import { ReplyThread } from "#app/components/dashboard/threads/reply-thread.tsx";
import { Details } from "#app/components/dashboard/details.tsx";
import { FormActions } from "#app/components/dashboard/kit/form-actions.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { StatusSelect } from "#app/components/dashboard/kit/status-select.tsx";
import { useOptimisticStatus } from "#app/components/dashboard/kit/use-optimistic-status.ts";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { formatDateTime } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { enquiryStatuses } from "#schemas/contact.ts";
import type { Enquiry } from "#schemas/enquiry.ts";
import { NoteBox } from "#app/components/dashboard/kit/note-box.tsx";

export const meta = () => consoleMeta("Enquiries");

const ENDPOINT = "/api/contact_requests";
const statusLabel: Record<Enquiry["status"], string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
};
const statusStyle: Record<Enquiry["status"], string> = {
  new: "bg-amber-100 text-amber-900",
  contacted: "bg-sky-100 text-sky-900",
  closed: "bg-slate-200 text-slate-700",
};
const fullName = (e: Enquiry) => `${e.first_name} ${e.last_name}`;

export default function Enquiries() {
  const setStatus = useOptimisticStatus<Enquiry["status"]>({
    endpoint: ENDPOINT,
    label: (s) => statusLabel[s],
  });
  return (
    <ListScreen<Enquiry>
      title="Enquiries"
      endpoint={ENDPOINT}
      describe={(e) => `enquiry from ${fullName(e)}`}
      searchPlaceholder="Search name, e-mail, organization or message"
      csvExport
      emptyText="No enquiries match."
      filters={[
        {
          name: "status",
          label: "Status",
          options: enquiryStatuses.map((s) => ({ value: s, label: statusLabel[s] })),
        },
      ]}
      editText="Open"
      form={(e, close) => e && <EnquiryModal enquiry={e} onClose={close} />}
      remove={{
        noun: "enquiry",
        message: (e) => `Delete the enquiry from ${fullName(e)}?`,
      }}
      columns={[
        {
          key: "created_at",
          header: "Received",
          sortable: true,
          render: (e) => formatDateTime(e.created_at),
        },
        { key: "first_name", header: "Name", sortable: true, primary: true, render: fullName },
        { key: "organization", header: "Organization", render: (e) => e.organization || "—" },
        {
          key: "email",
          header: "E-mail",
          render: (e) => (
            <div>
              <span className="[overflow-wrap:anywhere]">{e.email}</span>
              {e.phone ? (
                <div className="text-xs">
                  <PhoneLink phone={e.phone} />
                </div>
              ) : null}
            </div>
          ),
        },
        {
          key: "status",
          header: "Status",
          sortable: true,
          // Changed in place: the new status shows at once and goes back if the server refuses it.
          render: (e) => (
            <StatusSelect
              label={`Status of the enquiry from ${fullName(e)}`}
              value={e.status}
              options={enquiryStatuses}
              labels={statusLabel}
              tone={statusStyle[e.status]}
              onChange={(status) =>
                setStatus.mutate({
                  id: e.id,
                  status,
                  from: e.status,
                  name: `the enquiry from ${fullName(e)}`,
                })
              }
            />
          ),
        },
      ]}
    />
  );
}

function EnquiryModal({ enquiry, onClose }: { enquiry: Enquiry; onClose: () => void }) {
  const [status, setStatus] = useState(enquiry.status);
  const [notes, setNotes] = useState(enquiry.notes);
  const save = useConsoleMutation<void>({
    request: () =>
      request("PATCH /api/contact_requests/:id", { params: { id: enquiry.id }, body: { status, notes } }),
    success: "Enquiry updated.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Enquiry from ${fullName(enquiry)}`}
      kind="edit"
      busy={save.isPending}
      footer={
        <FormActions
          label="Save"
          busy={save.isPending}
          onCancel={onClose}
          onSave={() => save.mutate()}
          lockCancel
        />
      }
    >
      <Details
        className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2"
        valueClassName="text-slate-900"
        items={[
          [
            "E-mail",
            <span key="email" className="[overflow-wrap:anywhere]">
              {enquiry.email}
            </span>,
          ],
          ["Phone", <PhoneLink key="phone" phone={enquiry.phone} />],
          ["Organization", enquiry.organization || "—"],
          ["Location", enquiry.location || "—"],
        ]}
      />
      <div className="mt-5 text-sm">
        <ReplyThread
          kind="enquiry"
          id={enquiry.id}
          person={fullName(enquiry)}
          // The server marks a new enquiry contacted when it is answered; Save must not put it back.
          onSent={() => setStatus((s) => (s === "new" ? "contacted" : s))}
        />
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor="enquiry-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="enquiry-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as Enquiry["status"])}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {enquiryStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="enquiry-notes" className="block text-sm font-medium text-slate-700">
            Notes
          </label>
          <NoteBox id="enquiry-notes" value={notes} onChange={setNotes} />
        </div>
      </div>
    </Modal>
  );
}
