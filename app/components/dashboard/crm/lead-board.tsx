import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "#app/lib/dashboard/api.ts";
import type { Lead } from "#schemas/logistics.ts";
import { formatPhone } from "#schemas/phone.ts";
import { Board, type BoardColumn } from "../board/board";
import { useBoardMove, type BoardMove } from "../board/use-board-move";
import { Chip } from "../logistics/ui";
import { RecentlyDeletedLink } from "../recently-deleted-link";
import { BOARD, LEADS } from "./endpoints";
import { FollowUp, statusTone } from "./follow-up";
import { LeadModal } from "./lead-modal";

type Status = Lead["status"];
type Board = { board_data: { status: Status; count: number; leads: Lead[] }[] };

/** The board after a move: the card leaves one column and joins the other in the server's order. */
function moved(data: unknown, { card: lead, from, to }: BoardMove<Lead, Status>): unknown {
  const board = data as Board | undefined;
  if (!board?.board_data) return data;
  const order = (a: Lead, b: Lead) =>
    (a.follow_up_date ?? "9999").localeCompare(b.follow_up_date ?? "9999") || a.id - b.id;
  return {
    board_data: board.board_data.map((c) =>
      c.status === from
        ? { ...c, count: c.count - 1, leads: c.leads.filter((l) => l.id !== lead.id) }
        : c.status === to
          ? { ...c, count: c.count + 1, leads: [...c.leads, { ...lead, status: to }].sort(order) }
          : c,
    ),
  };
}

/** Before sale, as a board: one column per status; a card is dragged (mouse or keyboard) or moved from its menu. */
export function LeadBoard() {
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [BOARD],
    queryFn: ({ signal }) => call("GET /api/crm/board", { signal }),
  });
  const { move, focusCard, onFocused } = useBoardMove<Lead, Status>({
    caches: [{ key: [BOARD], patch: moved }],
    request: ({ card, from, to }) =>
      call("POST /api/crm/leads/:id/move", { params: { id: card.id }, body: { status: to, from } }),
    cardId: (l) => l.id,
    cardName: (l) => l.name,
    columnLabel: (s) => s,
    invalidate: [[LEADS]],
  });
  const columns: BoardColumn<Lead, Status>[] =
    query.data?.board_data.map((c) => ({ id: c.status, count: c.count, cards: c.leads })) ?? [];

  return (
    <section aria-labelledby="board-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="board-title" className="text-2xl font-bold text-navy-900">
          CRM · Lead board
        </h1>
        <RecentlyDeletedLink endpoint={LEADS} />
      </div>
      <p className="keyboard-hint mt-1 text-sm text-slate-600">
        Drag a card to another column, or focus it and press Space, then the arrow keys and Space. Tab goes
        from column to column; the arrow keys move between cards.
      </p>
      <Board<Lead, Status>
        state={query.isPending ? "loading" : query.isError ? "failed" : "ready"}
        columns={columns}
        noun="lead"
        cardId={(l) => l.id}
        cardName={(l) => l.name}
        columnLabel={(s) => s}
        columnHeading={(s) => <Chip tone={statusTone[s]}>{s}</Chip>}
        cardClassName={(l) => (l.overdue ? "border-red-300 ring-1 ring-red-200" : "border-slate-200")}
        renderCard={(l) => (
          <>
            <span className="block break-words font-semibold text-navy-900">{l.name}</span>
            <span className="block break-words text-xs text-slate-600">
              {l.company || formatPhone(l.contact_no)}
            </span>
            <span className="mt-2 block text-xs">
              <FollowUp lead={l} />
            </span>
          </>
        )}
        menu={{
          label: (l, s) => `Status of ${l.name}: ${s}`,
          option: (s) => <Chip tone={statusTone[s]}>{s}</Chip>,
        }}
        onMove={(card, from, to) => move.mutate({ card, from, to })}
        onOpen={(l) => setOpen(l.id)}
        focusCard={focusCard}
        onFocused={onFocused}
        gridClassName="lg:grid-cols-3"
        phoneStages="Stage"
      />
      {open !== null ? <LeadModal id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
