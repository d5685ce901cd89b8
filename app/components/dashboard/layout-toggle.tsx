import { KanbanSquare, List } from "lucide-react";

export type Layout = "list" | "board";

/** List or board: two pressed-state buttons in a labelled group. */
export function LayoutToggle({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Layout;
  onChange: (layout: Layout) => void;
}) {
  const button = (layout: Layout, text: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === layout}
      onClick={() => onChange(layout)}
      className={`inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm ${value === layout ? "bg-slate-200 font-semibold" : "hover:bg-slate-100"}`}
    >
      <Icon aria-hidden="true" className="size-4" /> {text}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
    >
      {button("list", "List", List)}
      {button("board", "Board", KanbanSquare)}
    </div>
  );
}
