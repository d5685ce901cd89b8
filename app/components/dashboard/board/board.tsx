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
import { Check, ChevronDown, GripVertical } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Spinner } from "../spinner";

export interface BoardColumn<C, S extends string> {
  id: S;
  count: number;
  cards: C[];
}

export interface BoardProps<C, S extends string> {
  /** While the columns load, a spinner; if they could not, an alert. */
  state: "loading" | "failed" | "ready";
  columns: BoardColumn<C, S>[];
  /** What a card is: "lead" words "movable lead card", "No leads." and "Enter opens the lead". */
  noun: string;
  cardId: (card: C) => number;
  /** The card's name, spoken as it moves. */
  cardName: (card: C) => string;
  /** A column's name in words ("WARM", "Screening"). */
  columnLabel: (column: S) => string;
  columnHeading: (column: S) => ReactNode;
  /** What the card shows, beside its grip. */
  renderCard: (card: C) => ReactNode;
  cardClassName?: (card: C) => string;
  /** The card's move menu: its button's label and how each column reads in it. */
  menu: { label: (card: C, column: S) => string; option: (column: S) => ReactNode };
  onMove: (card: C, from: S, to: S) => void;
  onOpen: (card: C) => void;
  /** A card that changed column is a new element: the board puts the focus back on it. */
  focusCard: number | null;
  onFocused: () => void;
  /** The grid of the columns (how many side by side at each width). */
  gridClassName: string;
  /**
   * On a phone (under 640 px) one column at a time, picked with a select of this label that gives each
   * column's count; without it the columns stack.
   */
  phoneStages?: string;
}

type CardData<C, S> = { card: C; column: S; name: string };

/** The column under a point (the lifted card's centre), or undefined between columns. */
function columnAt<S>(
  order: readonly S[],
  rects: Map<unknown, { left: number; top: number; width: number; height: number }>,
  x: number,
  y: number,
) {
  return order.find((s) => {
    const r = rects.get(s);
    return r && x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;
  });
}

/** Arrow keys jump a lifted card to the previous or next column (side by side, or stacked on phones). */
function columnCoordinates<S>(order: readonly S[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
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
        columnAt(
          order,
          droppableRects,
          collisionRect.left + collisionRect.width / 2,
          collisionRect.top + 24,
        )) ??
      (active.data.current as CardData<unknown, S> | undefined)?.column;
    const index = here === undefined ? 0 : order.indexOf(here);
    const target = order[Math.min(order.length - 1, Math.max(0, index + step))]!;
    const rect = droppableRects.get(target as never);
    return rect ? { x: rect.left + 8, y: rect.top + 48 } : undefined;
  };
}

/** Spoken as the card moves; "over" is said only when the column changes, not for the one it starts in. */
function announcementsFor<S extends string>(label: (column: S) => string, noun: string): Announcements {
  const lastOver = { current: null as unknown };
  const data = (d: unknown) => d as CardData<unknown, S> | undefined;
  const name = (d: unknown) => data(d)?.name ?? `The ${noun}`;
  const from = (d: unknown) => {
    const column = data(d)?.column;
    return column === undefined ? "" : label(column);
  };
  return {
    onDragStart: ({ active }) => {
      lastOver.current = data(active.data.current)?.column ?? null;
      return (
        `Picked up ${name(active.data.current)} from ${from(active.data.current)}. ` +
        "Arrow keys move it to another column, Space drops it, Escape cancels."
      );
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `${name(active.data.current)} is over ${label(over.id as S)}.`
        : `${name(active.data.current)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== data(active.data.current)?.column
        ? `${name(active.data.current)} moved from ${from(active.data.current)} to ${label(over.id as S)}.`
        : `${name(active.data.current)} stays in ${from(active.data.current)}.`,
    onDragCancel: ({ active }) =>
      `Move cancelled. ${name(active.data.current)} stays in ${from(active.data.current)}.`,
  };
}

/**
 * Arrow keys between cards (not while one is lifted): up and down within a column, left and right to the
 * nearest card at the same height in the next column that has any.
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowDown: [0, 1], ArrowUp: [0, -1], ArrowRight: [1, 0], ArrowLeft: [-1, 0] }[event.key];
  const card = (event.target as HTMLElement).closest<HTMLElement>("[data-board-card]");
  if (!step || !card || event.altKey || event.ctrlKey || event.metaKey) return;
  const columns = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-column]")].map((c) => [
    ...c.querySelectorAll<HTMLElement>("[data-board-card]"),
  ]);
  const col = columns.findIndex((cards) => cards.includes(card));
  const row = columns[col]!.indexOf(card);
  let target: HTMLElement | undefined;
  if (step[1]) target = columns[col]![row + step[1]!];
  else
    for (let c = col + step[0]!; c >= 0 && c < columns.length && !target; c += step[0]!)
      target = columns[c]![Math.min(row, columns[c]!.length - 1)];
  event.preventDefault();
  target?.focus();
}

/** Whether the keyboard was on this card (or its menu, or nowhere) when it moved: then it follows the card. */
export const focusWasOn = (id: number) => {
  const el = document.activeElement;
  return !el || el === document.body || Boolean(el.closest(`[data-card="${id}"], [role="menu"]`));
};

/**
 * A board of cards in columns: a card is dragged with the mouse, lifted with Space and carried with the arrow
 * keys (Space drops, Escape cancels), or moved from its menu; Enter or a click opens it.
 */
export function Board<C, S extends string>(props: BoardProps<C, S>) {
  const order = props.columns.map((c) => c.id);
  const [announcements] = useState(() => announcementsFor(props.columnLabel, props.noun));
  // While a card is lifted, the arrow keys move it (dnd-kit), not the focus.
  const lifted = useRef(false);
  // Roving tab stop: Tab reaches one card per column (the one last focused there), the arrow keys the others.
  const [tabStops, setTabStops] = useState<Partial<Record<S, number>>>({});
  const [picked, setPicked] = useState<S | null>(null);
  const shown = picked !== null && order.includes(picked) ? picked : order[0];
  const sensors = useSensors(
    // A press that moves less than 6 px is a click: it opens the card.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space lifts and drops; Enter stays the button's own "open".
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates(order),
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as CardData<C, S> | undefined;
    const to = over?.id as S | undefined;
    if (data && to && order.includes(to) && to !== data.column) props.onMove(data.card, data.column, to);
  };
  if (props.state === "loading")
    return (
      <div className="mt-6">
        <Spinner label="Loading the board…" />
      </div>
    );
  if (props.state === "failed")
    return (
      <p role="alert" className="mt-6 text-red-700">
        Could not load the board.
      </p>
    );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      onDragStart={() => (lifted.current = true)}
      onDragEnd={(event) => {
        lifted.current = false;
        onDragEnd(event);
      }}
      onDragCancel={() => (lifted.current = false)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `Enter opens the ${props.noun}. To move it, press Space, use the arrow keys to pick the column, and press Space again; Escape cancels.`,
        },
      }}
    >
      {props.phoneStages ? (
        <div className="mt-4 sm:hidden">
          <label htmlFor="board-stage" className="block text-sm font-medium text-slate-700">
            {props.phoneStages}
          </label>
          <select
            id="board-stage"
            value={shown}
            onChange={(event) => setPicked(event.target.value as S)}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
          >
            {props.columns.map((column) => (
              <option key={column.id} value={column.id}>
                {props.columnLabel(column.id)} ({column.count.toLocaleString("en-IN")})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div
        className={`mt-5 grid min-w-0 gap-4 ${props.gridClassName}`}
        onKeyDown={(event) => {
          if (!lifted.current) moveFocus(event);
        }}
      >
        {props.columns.map((column) => (
          <ColumnView
            key={column.id}
            column={column}
            board={props}
            tabStop={tabStops[column.id]}
            phoneHidden={Boolean(props.phoneStages) && column.id !== shown}
            onTabStop={(id) => setTabStops((stops) => ({ ...stops, [column.id]: id }))}
          />
        ))}
      </div>
    </DndContext>
  );
}

function ColumnView<C, S extends string>({
  column,
  board,
  tabStop,
  phoneHidden,
  onTabStop,
}: {
  column: BoardColumn<C, S>;
  board: BoardProps<C, S>;
  /** Another column is picked in the phone's stage select: hidden under 640 px. */
  phoneHidden: boolean;
  /** The card Tab stops at in this column; the first one until another was focused (or once it left). */
  tabStop: number | undefined;
  onTabStop: (id: number) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const ids = column.cards.map(board.cardId);
  const stop = tabStop !== undefined && ids.includes(tabStop) ? tabStop : ids[0];
  const plural = `${board.noun}s`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`col-${column.id}`}
      data-column={column.id}
      className={`min-w-0 rounded-xl border p-3 transition-colors ${phoneHidden ? "max-sm:hidden" : ""} ${isOver ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-slate-100/70"}`}
    >
      <h2
        id={`col-${column.id}`}
        className="mb-3 flex items-center justify-between gap-2 px-1 text-sm font-bold uppercase tracking-wide text-navy-900"
      >
        <span className="flex min-w-0 items-center gap-2">{board.columnHeading(column.id)}</span>
        <span
          className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700"
          aria-label={`${column.count} ${column.count === 1 ? board.noun : plural}`}
        >
          {column.count.toLocaleString("en-IN")}
        </span>
      </h2>
      <ul className="grid min-h-16 gap-2">
        {column.cards.map((card) => (
          <CardView
            key={board.cardId(card)}
            card={card}
            column={column.id}
            board={board}
            tabbable={stop === board.cardId(card)}
            onFocus={() => onTabStop(board.cardId(card))}
          />
        ))}
        {column.count > column.cards.length ? (
          <li className="px-1 text-xs text-slate-600">
            and {(column.count - column.cards.length).toLocaleString("en-IN")} more in the list view
          </li>
        ) : null}
        {column.count === 0 ? <li className="px-1 text-sm text-slate-600">No {plural}.</li> : null}
      </ul>
    </section>
  );
}

function CardView<C, S extends string>({
  card,
  column,
  board,
  tabbable,
  onFocus,
}: {
  card: C;
  column: S;
  board: BoardProps<C, S>;
  tabbable: boolean;
  onFocus: () => void;
}) {
  const id = board.cardId(card);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id,
    data: { card, column, name: board.cardName(card) } satisfies CardData<C, S>,
  });
  const button = useRef<HTMLButtonElement | null>(null);
  const focused = board.focusCard === id;
  const { onFocused } = board;
  useEffect(() => {
    if (!focused) return;
    button.current?.focus();
    onFocused();
  }, [focused, onFocused]);
  return (
    <li
      data-card={id}
      onFocus={onFocus}
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
        tabIndex={tabbable ? 0 : -1}
        aria-roledescription={`movable ${board.noun} card`}
        data-board-card
        data-focus-key={`${board.noun}-${id}`}
        onClick={() => board.onOpen(card)}
        className={`w-full touch-none rounded-lg border bg-white p-3 pr-11 text-left text-sm shadow-sm hover:border-brand-500 ${board.cardClassName?.(card) ?? "border-slate-200"} ${isDragging ? "cursor-grabbing ring-2 ring-brand-500" : "cursor-grab"}`}
      >
        <span className="flex items-start gap-1">
          <GripVertical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="min-w-0">{board.renderCard(card)}</span>
        </span>
      </button>
      <MoveMenu card={card} column={column} board={board} tabbable={tabbable} />
    </li>
  );
}

/** The same move without dragging: a menu of the columns on each card. */
function MoveMenu<C, S extends string>({
  card,
  column,
  board,
  tabbable,
}: {
  card: C;
  column: S;
  board: BoardProps<C, S>;
  tabbable: boolean;
}) {
  const order = board.columns.map((c) => c.id);
  return (
    // Not modal: a modal menu aria-hides the page behind it while its buttons stay focusable.
    <Menu.Root modal={false}>
      <Menu.Trigger
        tabIndex={tabbable ? 0 : -1}
        aria-label={board.menu.label(card, column)}
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
          <Menu.RadioGroup
            value={column}
            onValueChange={(v) => {
              const to = order.find((s) => s === v);
              if (to && to !== column) board.onMove(card, column, to);
            }}
          >
            {order.map((s) => (
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
                {board.menu.option(s)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
