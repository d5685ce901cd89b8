import { zodResolver } from "@hookform/resolvers/zod";
import { PhoneLink } from "../contact-links";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { call, request } from "#app/lib/dashboard/api.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { leadNoteSchema, leadUpdateSchema, type Lead, type LeadNote } from "#schemas/logistics.ts";
import { Details } from "../details";
import { ErrorSummary, Field } from "../field";
import { bodyResolver, flattenErrors, formSubmit, submitRoot, useFocusOnError } from "../kit/use-record-form";
import { leadStatusOptions } from "../logistics/options";
import { formatDateTime } from "#shared/india-time.ts";
import { SelectField } from "../logistics/ui";
import { Modal } from "../modal";
import { Spinner } from "../spinner";
import { BOARD, LEADS } from "./endpoints";

/** A lead: status entry (HOT/WARM/COLD), follow-up date and the notes timeline. */
export function LeadModal({ id, onClose }: { id: number; onClose: () => void }) {
  const key = [`${LEADS}/${id}`];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call("GET /api/crm/leads/:id", { params: { id }, signal }),
  });
  const lead = query.data?.data.lead;
  const [dirty, setDirty] = useState(false);
  return (
    <Modal open onClose={onClose} title={lead ? `Lead · ${lead.name}` : "Lead"} kind="crm" dirty={dirty}>
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
          onDirty={setDirty}
        />
      )}
    </Modal>
  );
}

type StatusForm = { status: string; follow_up_date: string };
const statusBody = (v: StatusForm) => ({ status: v.status, follow_up_date: v.follow_up_date || null });

function LeadDetail({
  lead,
  notes,
  detailKey,
  onClose,
  onDirty,
}: {
  lead: Lead;
  notes: LeadNote[];
  detailKey: string;
  onClose: () => void;
  /** Either form holds unsaved edits: closing the dialog asks first. */
  onDirty: (dirty: boolean) => void;
}) {
  const statusForm = useForm<StatusForm>({
    defaultValues: { status: lead.status, follow_up_date: lead.follow_up_date ?? "" },
    // The shared update schema checks the body the values make (an empty date is no date).
    resolver: bodyResolver(leadUpdateSchema, statusBody),
  });
  const noteForm = useForm<{ note: string }>({
    defaultValues: { note: "" },
    resolver: zodResolver(leadNoteSchema, undefined, { raw: true }),
  });
  const [status, followUp] = useWatch({ control: statusForm.control, name: ["status", "follow_up_date"] });
  const note = useWatch({ control: noteForm.control, name: "note" });
  const statusErrors = flattenErrors(statusForm.formState.errors);
  const noteErrors = flattenErrors(noteForm.formState.errors);
  const failed = useFocusOnError();
  const dirty = statusForm.formState.isDirty || noteForm.formState.isDirty;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const update = useConsoleMutation<Record<string, unknown>>({
    request: (body) => request("PATCH /api/crm/leads/:id", { params: { id: lead.id }, body }),
    success: "Lead updated.",
    invalidate: [LEADS, BOARD, detailKey],
    onSuccess: onClose,
  });
  const addNote = useConsoleMutation<string>({
    request: (text) =>
      request("POST /api/crm/leads/:id/notes", { params: { id: lead.id }, body: { note: text } }),
    success: "Note added.",
    invalidate: [detailKey, LEADS],
    onSuccess: () => noteForm.reset({ note: "" }),
  });
  const submitStatus = formSubmit(
    statusForm,
    failed,
    (values, onError) => update.mutate(statusBody(values), { onError }),
    (key) => (key === "follow_up_date" ? key : "status"),
  );
  const submitNote = (event: FormEvent) => {
    const root = submitRoot(event);
    void noteForm.handleSubmit(
      (values) => addNote.mutate(values.note),
      () => failed(root),
    )(event);
  };
  return (
    <div className="grid gap-6">
      <Details
        className="grid gap-3 text-sm sm:grid-cols-2"
        items={[
          ["Mobile", <PhoneLink key="mobile" phone={lead.contact_no} />],
          ["Company", lead.company || "—"],
          ["Interested in", lead.interest || "—"],
          [
            "Created",
            <time key="created" dateTime={lead.created_at}>
              {formatDateTime(lead.created_at)}
            </time>,
          ],
        ]}
      />
      <form
        noValidate
        className="grid items-end gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={submitStatus}
      >
        <ErrorSummary errors={statusErrors} />
        <SelectField
          label="Status"
          options={leadStatusOptions}
          error={statusErrors.status}
          name="lead-detail-status"
          value={status}
          onChange={(e) => statusForm.setValue("status", e.target.value, { shouldDirty: true })}
        />
        <Field
          label="Follow-up date"
          type="date"
          error={statusErrors.follow_up_date}
          name="lead-detail-follow_up"
          value={followUp}
          onChange={(e) => statusForm.setValue("follow_up_date", e.target.value, { shouldDirty: true })}
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
        <form noValidate className="mt-2 grid gap-2" onSubmit={submitNote}>
          <ErrorSummary errors={noteErrors} />
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <Field
                label="New note"
                error={noteErrors.note}
                placeholder="Called; asked for a quote by Friday"
                name="lead-new-note"
                value={note}
                onChange={(e) => noteForm.setValue("note", e.target.value, { shouldDirty: true })}
              />
            </div>
            <button type="submit" className="btn-secondary mt-6" disabled={addNote.isPending}>
              Add note
            </button>
          </div>
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
