import { useQuery } from "@tanstack/react-query";
import { AlarmClock, CalendarClock, KanbanSquare, List, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { DataTable } from "~/components/dashboard/data-table";
import { Field } from "~/components/dashboard/field";
import {
  formatDate,
  formatDateTime,
  formatDay,
  leadStatusOptions,
  stateOptions,
} from "~/components/dashboard/logistics/options";
import { Chip, RowActions, SelectField, TextAreaField } from "~/components/dashboard/logistics/ui";
import { ConfirmModal, Modal, Spinner } from "~/components/dashboard/modal";
import { api } from "~/lib/dashboard/api";
import { formatRupees } from "~/lib/dashboard/money";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { formatPhone } from "../../../schemas/phone";
import {
  leadInputSchema,
  leadNoteSchema,
  type AfterSaleCustomer,
  type Lead,
  type LeadNote,
  type Member,
  type ServiceHistoryEntry,
} from "../../../schemas/logistics";
import { stateLabel } from "../../../schemas/logistics-options";
import { fieldErrors } from "../../../schemas/validation";

export function meta() {
  return [{ title: "CRM | GCC View 360 Console" }];
}

const LEADS = "/api/crm/leads";
const BOARD = "/api/crm/board";
const AFTER_SALE = "/api/crm/after_sale";
const statusTone = { HOT: "red", WARM: "amber", COLD: "sky" } as const;
type View = "after_sale" | "before_sale";

/** CRM: after-sale customers with their service history (default) and before-sale leads (list or board). */
export default function Crm() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "before_sale" ? "before_sale" : "after_sale";
  const layout = params.get("layout") === "board" ? "board" : "list";
  const [entry, setEntry] = useState(false);
  const [openLead, setOpenLead] = useState<number | null>(null);
  const [history, setHistory] = useState<AfterSaleCustomer | null>(null);
  // Switching views starts each list afresh (its own search, filters and page).
  const go = (changes: Record<string, string | null>) =>
    setParams(() => {
      const next = new URLSearchParams();
      const merged = {
        view: view === "after_sale" ? null : view,
        layout: layout === "list" ? null : layout,
        ...changes,
      };
      for (const [k, v] of Object.entries(merged)) if (v) next.set(k, v);
      return next;
    });

  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label="CRM view"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
        >
          {(["after_sale", "before_sale"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => go({ view: v === "after_sale" ? null : v, layout: null })}
              className={`rounded-md px-4 py-1.5 text-sm font-semibold ${view === v ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {v === "after_sale" ? "After sale" : "Before sale"}
            </button>
          ))}
        </div>
        {view === "before_sale" ? (
          <div className="flex flex-wrap gap-2">
            <div
              role="group"
              aria-label="Leads layout"
              className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
            >
              <button
                type="button"
                aria-pressed={layout === "list"}
                onClick={() => go({ layout: null })}
                className={`inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm ${layout === "list" ? "bg-slate-200 font-semibold" : "hover:bg-slate-100"}`}
              >
                <List aria-hidden="true" className="size-4" /> List
              </button>
              <button
                type="button"
                aria-pressed={layout === "board"}
                onClick={() => go({ layout: "board" })}
                className={`inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm ${layout === "board" ? "bg-slate-200 font-semibold" : "hover:bg-slate-100"}`}
              >
                <KanbanSquare aria-hidden="true" className="size-4" /> Board
              </button>
            </div>
            <button type="button" className="btn-primary" onClick={() => setEntry(true)}>
              <Plus aria-hidden="true" className="size-4" /> Before sale entry
            </button>
          </div>
        ) : null}
      </div>

      {view === "after_sale" ? (
        <DataTable<AfterSaleCustomer>
          key="after_sale"
          title="CRM · After sale"
          endpoint={AFTER_SALE}
          dataKey="profile"
          rowKey={(c) => c.user_id}
          searchPlaceholder="Search customer name, mobile number or company"
          csvExport
          emptyText="No customers with service history match."
          filters={[{ name: "state", label: "State", options: stateOptions }]}
          columns={[
            {
              key: "name",
              header: "Customer",
              render: (c) => (
                <div>
                  <div className="font-medium text-navy-900">{`${c.first_name} ${c.last_name}`.trim()}</div>
                  <div className="text-xs text-slate-500">{c.company || "—"}</div>
                </div>
              ),
            },
            {
              key: "phone",
              header: "Mobile",
              className: "whitespace-nowrap",
              render: (c) => formatPhone(c.phone),
            },
            { key: "state", header: "State", render: (c) => stateLabel(c.state) },
            { key: "services", header: "Services", className: "text-right", render: (c) => c.service_count },
            {
              key: "total",
              header: "Billed",
              className: "text-right",
              render: (c) => formatRupees(c.total_amount),
            },
            {
              key: "last",
              header: "Last service",
              className: "whitespace-nowrap",
              render: (c) => formatDate(c.last_service_at),
            },
          ]}
          rowActions={(c) => (
            <RowActions
              label={`of ${c.first_name} ${c.last_name}`.trim()}
              editText="Service history"
              onEdit={() => setHistory(c)}
            />
          )}
        />
      ) : layout === "board" ? (
        <LeadBoard onOpen={setOpenLead} />
      ) : (
        <LeadList onOpen={setOpenLead} />
      )}

      {entry ? <BeforeSaleEntry onClose={() => setEntry(false)} /> : null}
      {openLead !== null ? <LeadModal id={openLead} onClose={() => setOpenLead(null)} /> : null}
      {history ? <HistoryModal customer={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

function FollowUp({ lead }: { lead: Lead }) {
  if (!lead.follow_up_date) return <span className="text-slate-500">No follow-up</span>;
  return lead.overdue ? (
    <span className="inline-flex items-center gap-1 font-semibold text-red-700">
      <AlarmClock aria-hidden="true" className="size-4" /> {formatDay(lead.follow_up_date)} · overdue
    </span>
  ) : (
    <span className="inline-flex items-center gap-1">
      <CalendarClock aria-hidden="true" className="size-4 text-slate-400" /> {formatDay(lead.follow_up_date)}
    </span>
  );
}

function LeadList({ onOpen }: { onOpen: (id: number) => void }) {
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const remove = useConsoleMutation<number>({
    request: (id) => ({ path: `${LEADS}/${id}`, method: "DELETE" }),
    success: "Lead deleted.",
    invalidate: [LEADS, BOARD],
    onSuccess: () => setDeleting(null),
  });
  return (
    <>
      <DataTable<Lead>
        key="before_sale"
        title="CRM · Before sale"
        endpoint={LEADS}
        dataKey="lead"
        rowKey={(l) => l.id}
        searchPlaceholder="Search name, mobile number, company or interest"
        csvExport
        emptyText="No leads match."
        bulkDelete={{ noun: "lead", rowId: (l) => l.id }}
        rowClassName={(l) => (l.overdue ? "bg-red-50" : "")}
        filters={[
          { name: "status", label: "Status", options: leadStatusOptions },
          {
            name: "follow_up",
            label: "Follow-up",
            options: [
              { value: "overdue", label: "Overdue" },
              { value: "today", label: "Due today" },
              { value: "upcoming", label: "Upcoming" },
              { value: "none", label: "No date" },
            ],
          },
        ]}
        columns={[
          {
            key: "name",
            header: "Lead",
            sortable: true,
            render: (l) => (
              <div>
                <div className="font-medium text-navy-900">{l.name}</div>
                <div className="text-xs text-slate-500">{l.company || "—"}</div>
              </div>
            ),
          },
          {
            key: "contact_no",
            header: "Mobile",
            className: "whitespace-nowrap",
            render: (l) => formatPhone(l.contact_no),
          },
          { key: "interest", header: "Interest", render: (l) => l.interest || "—" },
          {
            key: "status",
            header: "Status",
            sortable: true,
            render: (l) => <Chip tone={statusTone[l.status]}>{l.status}</Chip>,
          },
          {
            key: "follow_up_date",
            header: "Follow-up",
            sortable: true,
            render: (l) => <FollowUp lead={l} />,
          },
          { key: "notes", header: "Notes", className: "text-right", render: (l) => l.note_count },
        ]}
        rowActions={(l) => (
          <RowActions
            label={`lead ${l.name}`}
            editText="Open"
            onEdit={() => onOpen(l.id)}
            onDelete={() => setDeleting(l)}
          />
        )}
      />
      <ConfirmModal
        open={deleting !== null}
        title="Delete lead"
        message={deleting ? `Delete the lead ${deleting.name} and its notes? This cannot be undone.` : ""}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

type BoardColumn = { status: Lead["status"]; count: number; leads: Lead[] };

function LeadBoard({ onOpen }: { onOpen: (id: number) => void }) {
  const query = useQuery({
    queryKey: [BOARD],
    queryFn: ({ signal }) => api<{ board_data: BoardColumn[] }>(BOARD, { signal }),
  });
  return (
    <section aria-labelledby="board-title">
      <h1 id="board-title" className="text-2xl font-bold text-navy-900">
        CRM · Lead board
      </h1>
      {query.isPending ? (
        <div className="mt-6">
          <Spinner label="Loading the board…" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          Could not load the board.
        </p>
      ) : (
        <div className="mt-5 grid gap-4 lg:grid-cols-3">
          {query.data.board_data.map((col) => (
            <section
              key={col.status}
              aria-labelledby={`col-${col.status}`}
              className="rounded-xl border border-slate-200 bg-slate-100/70 p-3"
            >
              <h2
                id={`col-${col.status}`}
                className="mb-3 flex items-center justify-between px-1 text-sm font-bold uppercase tracking-wide text-navy-900"
              >
                <span className="flex items-center gap-2">
                  <Chip tone={statusTone[col.status]}>{col.status}</Chip>
                </span>
                <span
                  className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700"
                  aria-label={`${col.count} leads`}
                >
                  {col.count.toLocaleString("en-IN")}
                </span>
              </h2>
              <ul className="grid gap-2">
                {col.leads.map((l) => (
                  <li key={l.id}>
                    <button
                      type="button"
                      onClick={() => onOpen(l.id)}
                      className={`w-full rounded-lg border bg-white p-3 text-left text-sm shadow-sm hover:border-brand-500 ${l.overdue ? "border-red-300 ring-1 ring-red-200" : "border-slate-200"}`}
                    >
                      <span className="block font-semibold text-navy-900">{l.name}</span>
                      <span className="block text-xs text-slate-500">
                        {l.company || formatPhone(l.contact_no)}
                      </span>
                      <span className="mt-2 block text-xs">
                        <FollowUp lead={l} />
                      </span>
                    </button>
                  </li>
                ))}
                {col.count > col.leads.length ? (
                  <li className="px-1 text-xs text-slate-600">
                    and {(col.count - col.leads.length).toLocaleString("en-IN")} more in the list view
                  </li>
                ) : null}
                {col.count === 0 ? <li className="px-1 text-sm text-slate-600">No leads.</li> : null}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

/** The "before sale entry" modal: a new lead with status, follow-up date and a first note. */
function BeforeSaleEntry({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({
    name: "",
    contact_no: "",
    company: "",
    interest: "",
    status: "WARM",
    follow_up_date: "",
    note: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useConsoleMutation<Record<string, unknown>>({
    request: (body) => ({ path: LEADS, method: "POST", body }),
    success: "Lead added.",
    invalidate: [LEADS, BOARD],
    onSuccess: onClose,
  });
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, follow_up_date: values.follow_up_date || null, note: values.note || undefined };
    const parsed = leadInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(body, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  return (
    <Modal open onClose={onClose} title="Before sale entry" kind="crm" busy={create.isPending}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          name="lead-name"
          value={values.name}
          error={errors.name}
          onChange={set("name")}
          autoComplete="off"
        />
        <Field
          label="Mobile number"
          name="lead-contact_no"
          value={values.contact_no}
          error={errors.contact_no}
          onChange={set("contact_no")}
          inputMode="tel"
          placeholder="98765 43210"
        />
        <Field
          label="Company"
          name="lead-company"
          value={values.company}
          error={errors.company}
          onChange={set("company")}
        />
        <Field
          label="Interested in"
          name="lead-interest"
          value={values.interest}
          error={errors.interest}
          onChange={set("interest")}
          placeholder="Annual directory plan"
        />
        <SelectField
          label="Status"
          name="lead-status"
          options={leadStatusOptions}
          value={values.status}
          error={errors.status}
          onChange={set("status")}
        />
        <Field
          label="Follow-up date"
          name="lead-follow_up_date"
          type="date"
          value={values.follow_up_date}
          error={errors.follow_up_date}
          onChange={set("follow_up_date")}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="First note"
            name="lead-note"
            value={values.note}
            error={errors.note}
            onChange={set("note")}
          />
        </div>
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null} Add lead
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A lead: status entry (HOT/WARM/COLD), follow-up date and the notes timeline. */
function LeadModal({ id, onClose }: { id: number; onClose: () => void }) {
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
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-500">Mobile</dt>
          <dd>{formatPhone(lead.contact_no)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Company</dt>
          <dd>{lead.company || "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Interested in</dt>
          <dd>{lead.interest || "—"}</dd>
        </div>
      </dl>
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

function HistoryModal({ customer, onClose }: { customer: AfterSaleCustomer; onClose: () => void }) {
  const query = useQuery({
    queryKey: [`${AFTER_SALE}/${customer.user_id}`],
    queryFn: ({ signal }) =>
      api<{ profile_data: Member[]; service_history: ServiceHistoryEntry[] }>(
        `${AFTER_SALE}/${customer.user_id}`,
        { signal },
      ),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Service history · ${customer.first_name} ${customer.last_name}`.trim()}
      kind="crm"
      closeOnBackdrop
    >
      {query.isPending ? (
        <Spinner label="Loading history…" />
      ) : query.isError ? (
        <p role="alert">The history could not be loaded.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-2">
                Date
              </th>
              <th scope="col" className="py-2">
                Service
              </th>
              <th scope="col" className="py-2">
                Note
              </th>
              <th scope="col" className="py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.data.service_history.map((h) => (
              <tr key={h.id}>
                <td className="py-2">{formatDate(h.created_at)}</td>
                <td className="py-2">{h.service}</td>
                <td className="py-2 text-slate-600">{h.note || "—"}</td>
                <td className="py-2 text-right">{formatRupees(h.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
