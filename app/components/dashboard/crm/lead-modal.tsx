import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "~/lib/dashboard/api";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { leadNoteSchema, type Lead, type LeadNote } from "../../../../schemas/logistics";
import { formatPhone } from "../../../../schemas/phone";
import { Details } from "../details";
import { Field } from "../field";
import { formatDateTime, leadStatusOptions } from "../logistics/options";
import { SelectField } from "../logistics/ui";
import { Modal, Spinner } from "../modal";
import { BOARD, LEADS } from "./endpoints";

/** A lead: status entry (HOT/WARM/COLD), follow-up date and the notes timeline. */
export function LeadModal({ id, onClose }: { id: number; onClose: () => void }) {
  const key = [`${LEADS}/${id}`];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<{ data: { lead: Lead; notes: LeadNote[] } }>(`${LEADS}/${id}`, { signal }),
  });
  const lead = query.data?.data.lead;
  return (
    <Modal open onClose={onClose} title={lead ? `Lead · ${lead.name}` : "Lead"} kind="crm">
      {query.isPending ? (
        <Spinner label="Loading lead…" />
      ) : query.isError || !lead ? (
        <p role="alert">This lead could not be loaded.</p>
      ) : (
        <LeadDetail
          key={lead.id}
          lead={lead}
          notes={query.data.data.notes}
          detailKey={key[0]!}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function LeadDetail({
  lead,
  notes,
  detailKey,
  onClose,
}: {
  lead: Lead;
  notes: LeadNote[];
  detailKey: string;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<string>(lead.status);
  const [followUp, setFollowUp] = useState(lead.follow_up_date ?? "");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useConsoleMutation<Record<string, unknown>>({
    request: (body) => ({ path: `${LEADS}/${lead.id}`, method: "PATCH", body }),
    success: "Lead updated.",
    invalidate: [LEADS, BOARD, detailKey],
    onSuccess: onClose,
  });
  const addNote = useConsoleMutation<string>({
    request: (text) => ({ path: `${LEADS}/${lead.id}/notes`, method: "POST", body: { note: text } }),
    success: "Note added.",
    invalidate: [detailKey, LEADS],
    onSuccess: () => setNote(""),
  });
  return (
    <div className="grid gap-6">
      <Details
        className="grid gap-3 text-sm sm:grid-cols-3"
        items={[
          ["Mobile", formatPhone(lead.contact_no)],
          ["Company", lead.company || "—"],
          ["Interested in", lead.interest || "—"],
        ]}
      />
      <form
        noValidate
        className="grid items-end gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          update.mutate(
            { status, follow_up_date: followUp || null },
            { onError: (err) => setErrors(fieldErrorsOf(err)) },
          );
        }}
      >
        <SelectField
          label="Status"
          name="lead-detail-status"
          options={leadStatusOptions}
          value={status}
          error={errors.status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <Field
          label="Follow-up date"
          name="lead-detail-follow_up"
          type="date"
          value={followUp}
          error={errors.follow_up_date}
          onChange={(e) => setFollowUp(e.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null} Save status
        </button>
        {lead.overdue ? (
          <p className="text-sm font-semibold text-red-700 sm:col-span-3">The follow-up date has passed.</p>
        ) : null}
      </form>
      <section aria-labelledby="notes-title">
        <h3 id="notes-title" className="text-sm font-semibold text-navy-900">
          Notes
        </h3>
        <form
          noValidate
          className="mt-2 flex items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = leadNoteSchema.safeParse({ note });
            if (!parsed.success)
              return setErrors({ note: parsed.error.issues[0]?.message ?? "Enter the note" });
            setErrors({});
            addNote.mutate(note);
          }}
        >
          <div className="flex-1">
            <Field
              label="New note"
              name="lead-new-note"
              value={note}
              error={errors.note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Called; asked for a quote by Friday"
            />
          </div>
          <button type="submit" className="btn-secondary mt-6" disabled={addNote.isPending}>
            Add note
          </button>
        </form>
        <ol className="mt-4 border-l-2 border-slate-200 pl-4" aria-label="Notes timeline">
          {notes.length === 0 ? <li className="text-sm text-slate-500">No notes yet.</li> : null}
          {notes.map((n) => (
            <li key={n.id} className="relative mb-4">
              <span
                aria-hidden="true"
                className="absolute -left-[1.42rem] top-1.5 size-2.5 rounded-full bg-brand-500"
              />
              <p className="text-xs text-slate-500">{formatDateTime(n.created_at)}</p>
              <p className="text-sm text-slate-900">{n.note}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
