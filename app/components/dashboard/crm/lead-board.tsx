import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "~/lib/dashboard/api";
import type { Lead } from "../../../../schemas/logistics";
import { formatPhone } from "../../../../schemas/phone";
import { Chip } from "../logistics/ui";
import { Spinner } from "../modal";
import { BOARD } from "./endpoints";
import { FollowUp, statusTone } from "./follow-up";
import { LeadModal } from "./lead-modal";

type BoardColumn = { status: Lead["status"]; count: number; leads: Lead[] };

/** Before sale, as a board: one column per status with its first leads; each card opens the lead. */
export function LeadBoard() {
  const [open, setOpen] = useState<number | null>(null);
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
                      onClick={() => setOpen(l.id)}
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
      {open !== null ? <LeadModal id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
