import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronDown, GripVertical } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/dashboard/api";
import { toast } from "~/lib/toast";
import type { Lead } from "../../../../schemas/logistics";
import { leadStatuses } from "../../../../schemas/logistics-options";
import { formatPhone } from "../../../../schemas/phone";
import { Chip } from "../logistics/ui";
import { Spinner } from "../spinner";
import { BOARD, LEADS, leadMove } from "./endpoints";
import { FollowUp, statusTone } from "./follow-up";
import { LeadModal } from "./lead-modal";

type Status = Lead["status"];
type BoardColumn = { status: Status; count: number; leads: Lead[] };
type Board = { board_data: BoardColumn[] };
type Move = { lead: Lead; from: Status; to: Status; undo?: boolean };

const KEY = [BOARD];
const isStatus = (v: unknown): v is Status => (leadStatuses as readonly unknown[]).includes(v);
const leadOf = (board: Board | undefined, id: number) =>
  board?.board_data.flatMap((c) => c.leads).find((l) => l.id === id);

/** The board after a move: the card leaves one column and joins the other in the server's order. */
function moved(board: Board, { lead, from, to }: Move): Board {
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

/** The column under a point (the lifted card's centre), or undefined between columns. */
function columnAt(
  rects: Map<unknown, { left: number; top: number; width: number; height: number }>,
  x: number,
  y: number,
) {
  return leadStatuses.find((s) => {
    const r = rects.get(s);
    return r && x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;
  });
}

/** Arrow keys jump a lifted card to the previous or next column (side by side, or stacked on phones). */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = {
    [KeyboardCode.Right]: 1,
    [KeyboardCode.Down]: 1,
    [KeyboardCode.Left]: -1,
    [KeyboardCode.Up]: -1,
  }[event.code];
  const { active, collisionRect, droppableRects } = context;
  if (!step || !active) return undefined;
  event.preventDefault();
  // Where the card is now, from its own position: `over` lags a render behind quick key presses.
  const here =
    (collisionRect &&
      columnAt(droppableRects, collisionRect.left + collisionRect.width / 2, collisionRect.top + 24)) ??
    (active.data.current?.status as Status);
  const index = leadStatuses.indexOf(here);
  const target = leadStatuses[Math.min(leadStatuses.length - 1, Math.max(0, index + step))]!;
  const rect = droppableRects.get(target);
  return rect ? { x: rect.left + 8, y: rect.top + 48 } : undefined;
};

/** Whether the keyboard was on this card (or its menu, or nowhere) when it moved: then it follows the card. */
const focusWasOn = (id: number) => {
  const el = document.activeElement;
  return !el || el === document.body || Boolean(el.closest(`[data-lead="${id}"], [role="menu"]`));
};

const nameOf = (data: unknown) => (data as { lead?: Lead } | undefined)?.lead?.name ?? "The lead";
const statusOfCard = (data: unknown) => String((data as { status?: Status } | undefined)?.status);
/** Spoken as the card moves; "over" is said only when the column changes, not for the one it starts in. */
function announcementsFor(): Announcements {
  const lastOver = { current: null as unknown };
  return {
    onDragStart: ({ active }) => {
      lastOver.current = statusOfCard(active.data.current);
      return (
        `Picked up ${nameOf(active.data.current)} from ${statusOfCard(active.data.current)}. ` +
        "Arrow keys move it to another column, Space drops it, Escape cancels."
      );
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `${nameOf(active.data.current)} is over ${String(over.id)}.`
        : `${nameOf(active.data.current)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== statusOfCard(active.data.current)
        ? `${nameOf(active.data.current)} moved from ${statusOfCard(active.data.current)} to ${String(over.id)}.`
        : `${nameOf(active.data.current)} stays in ${statusOfCard(active.data.current)}.`,
    onDragCancel: ({ active }) =>
      `Move cancelled. ${nameOf(active.data.current)} stays in ${statusOfCard(active.data.current)}.`,
  };
}
const instructions = {
  draggable:
    "Enter opens the lead. To move it, press Space, use the arrow keys to pick the column, and press Space again; Escape cancels.",
};

/** Before sale, as a board: one column per status; a card is dragged (mouse or keyboard) or moved from its menu. */
export function LeadBoard() {
  const [open, setOpen] = useState<number | null>(null);
  const [announcements] = useState(announcementsFor);
  // A card that changes column is a new element; this puts the focus back on it.
  const [focusLead, setFocusLead] = useState<number | null>(null);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Board>(BOARD, { signal }),
  });

  const move = useMutation({
    mutationFn: ({ lead, from, to }: Move) =>
      api<{ data: Lead }>(leadMove(lead.id), { method: "POST", body: { status: to, from } }),
    // Optimistic: the card changes column at once; the snapshot puts it back if the server says no.
    onMutate: async (m) => {
      await client.cancelQueries({ queryKey: KEY });
      const before = client.getQueryData<Board>(KEY);
      if (focusWasOn(m.lead.id)) setFocusLead(m.lead.id);
      if (before) client.setQueryData<Board>(KEY, moved(before, m));
      return { before };
    },
    onError: (error, m, context) => {
      if (focusWasOn(m.lead.id)) setFocusLead(m.lead.id);
      if (context?.before) client.setQueryData(KEY, context.before);
      const reason = error instanceof Error ? error.message : "the server did not answer";
      toast.error(
        `Could not move ${m.lead.name} to ${m.to}: ${reason.replace(/\.?$/, ".")} It is back in ${m.from}.`,
      );
    },
    onSuccess: (_data, m) => {
      if (m.undo) toast.success(`${m.lead.name} is back in ${m.to}.`);
      else
        toast.success(`${m.lead.name} moved to ${m.to}.`, {
          action: {
            label: "Undo",
            onClick: () => {
              const lead = leadOf(client.getQueryData<Board>(KEY), m.lead.id) ?? m.lead;
              move.mutate({ lead, from: m.to, to: m.from, undo: true });
            },
          },
        });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: [LEADS] });
    },
  });
  const request = (lead: Lead, to: Status) => {
    if (lead.status !== to) move.mutate({ lead, from: lead.status, to });
  };

  const sensors = useSensors(
    // A press that moves less than 6 px is a click: it opens the lead.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space lifts and drops; Enter stays the button's own "open".
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates,
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lead = (active.data.current as { lead?: Lead } | undefined)?.lead;
    if (lead && over && isStatus(over.id)) request(lead, over.id);
  };

  return (
    <section aria-labelledby="board-title">
      <h1 id="board-title" className="text-2xl font-bold text-navy-900">
        CRM · Lead board
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Drag a card to another column, or focus it and press Space, then the arrow keys and Space.
      </p>
      {query.isPending ? (
        <div className="mt-6">
          <Spinner label="Loading the board…" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          Could not load the board.
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={rectIntersection}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: instructions }}
        >
          <div className="mt-5 grid min-w-0 gap-4 lg:grid-cols-3">
            {query.data.board_data.map((col) => (
              <BoardColumnView
                key={col.status}
                column={col}
                onOpen={setOpen}
                onMove={request}
                focusLead={focusLead}
                onFocused={() => setFocusLead(null)}
              />
            ))}
          </div>
        </DndContext>
      )}
      {open !== null ? <LeadModal id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function BoardColumnView({
  column: col,
  onOpen,
  onMove,
  focusLead,
  onFocused,
}: {
  column: BoardColumn;
  onOpen: (id: number) => void;
  onMove: (lead: Lead, to: Status) => void;
  focusLead: number | null;
  onFocused: () => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: col.status });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`col-${col.status}`}
      data-column={col.status}
      className={`min-w-0 rounded-xl border p-3 transition-colors ${isOver ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-slate-100/70"}`}
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
      <ul className="grid min-h-16 gap-2">
        {col.leads.map((l) => (
          <LeadCard
            key={l.id}
            lead={l}
            onOpen={onOpen}
            onMove={onMove}
            focused={focusLead === l.id}
            onFocused={onFocused}
          />
        ))}
        {col.count > col.leads.length ? (
          <li className="px-1 text-xs text-slate-600">
            and {(col.count - col.leads.length).toLocaleString("en-IN")} more in the list view
          </li>
        ) : null}
        {col.count === 0 ? <li className="px-1 text-sm text-slate-600">No leads.</li> : null}
      </ul>
    </section>
  );
}

function LeadCard({
  lead: l,
  onOpen,
  onMove,
  focused,
  onFocused,
}: {
  lead: Lead;
  onOpen: (id: number) => void;
  onMove: (lead: Lead, to: Status) => void;
  focused: boolean;
  onFocused: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: l.id,
    data: { lead: l, status: l.status },
  });
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!focused) return;
    button.current?.focus();
    onFocused();
  }, [focused, onFocused]);
  return (
    <li
      data-lead={l.id}
      className={`relative ${isDragging ? "z-10 opacity-90 shadow-lg" : ""}`}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
    >
      <button
        ref={(node) => {
          setNodeRef(node);
          button.current = node;
        }}
        type="button"
        {...attributes}
        {...listeners}
        aria-roledescription="movable lead card"
        onClick={() => onOpen(l.id)}
        className={`w-full touch-none rounded-lg border bg-white p-3 pr-11 text-left text-sm shadow-sm hover:border-brand-500 ${l.overdue ? "border-red-300 ring-1 ring-red-200" : "border-slate-200"} ${isDragging ? "cursor-grabbing ring-2 ring-brand-500" : "cursor-grab"}`}
      >
        <span className="flex items-start gap-1">
          <GripVertical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="min-w-0">
            <span className="block break-words font-semibold text-navy-900">{l.name}</span>
            <span className="block break-words text-xs text-slate-600">
              {l.company || formatPhone(l.contact_no)}
            </span>
            <span className="mt-2 block text-xs">
              <FollowUp lead={l} />
            </span>
          </span>
        </span>
      </button>
      <StatusMenu lead={l} onMove={onMove} />
    </li>
  );
}

/** The same move without dragging: a menu of the three statuses on each card. */
function StatusMenu({ lead, onMove }: { lead: Lead; onMove: (lead: Lead, to: Status) => void }) {
  return (
    // Not modal: a modal menu aria-hides the page behind it while its buttons stay focusable.
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`Status of ${lead.name}: ${lead.status}`}
        className="absolute right-1.5 top-1.5 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-navy-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <ChevronDown aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 text-sm text-navy-900 shadow-lg"
        >
          <Menu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">Move to</Menu.Label>
          <Menu.RadioGroup value={lead.status} onValueChange={(v) => isStatus(v) && onMove(lead, v)}>
            {leadStatuses.map((s) => (
              <Menu.RadioItem
                key={s}
                value={s}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100"
              >
                <span className="inline-flex size-4 items-center justify-center">
                  <Menu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </Menu.ItemIndicator>
                </span>
                <Chip tone={statusTone[s]}>{s}</Chip>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
