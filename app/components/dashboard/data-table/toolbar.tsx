import * as Menu from "@radix-ui/react-dropdown-menu";
import type { Table as TanTable } from "@tanstack/react-table";
import { Check, Columns3, Download, Filter, Search, Trash2, Upload, X, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";

/** "Columns": show or hide each column but the first; the choice is remembered per operator. */
function ColumnMenu<T>({ table }: { table: TanTable<T> }) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (hideable.length === 0) return null;
  const hidden = hideable.filter((column) => !column.getIsVisible()).length;
  return (
    <Menu.Root>
      <Menu.Trigger className={`btn-secondary ${COMPACT}`}>
        <Columns3 aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Columns{hidden ? ` (${hidden} hidden)` : ""}</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg"
        >
          <Menu.Label className="px-2 py-1.5 text-xs font-semibold uppercase text-slate-600">
            Show columns
          </Menu.Label>
          {hideable.map((column) => (
            <Menu.CheckboxItem
              key={column.id}
              checked={column.getIsVisible()}
              onCheckedChange={(visible) => column.toggleVisibility(visible)}
              // Stays open, so several columns can be switched in one visit.
              onSelect={(event) => event.preventDefault()}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100"
            >
              <span className="flex size-4 items-center justify-center rounded border border-slate-400">
                <Menu.ItemIndicator>
                  <Check aria-hidden="true" className="size-3" />
                </Menu.ItemIndicator>
              </span>
              {String(column.columnDef.header)}
            </Menu.CheckboxItem>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Under 640 px a compact button is a 44 px icon whose label is read out but not shown. */
const COMPACT = "max-sm:size-11 max-sm:p-0!";

function ToolbarButton({
  icon: Icon,
  label,
  onClick,
  className = "btn-secondary",
  compact = false,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  className?: string;
  compact?: boolean;
}) {
  return (
    <button type="button" className={`${className} ${compact ? COMPACT : ""}`} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
      <span className={compact ? "max-sm:sr-only" : ""}>{label}</span>
    </button>
  );
}

/** Search, filters, columns, CSV export and the bulk buttons above the table; each part shows only when given. */
export function Toolbar<T>({
  table,
  search,
  onSearch,
  searchPlaceholder,
  activeFilters,
  onOpenFilters,
  onClearFilters,
  onExport,
  onImport,
  selectedCount,
  onDeleteSelected,
  onExportSelected,
  bulkActions,
}: {
  table: TanTable<T>;
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder?: string;
  activeFilters: number;
  onOpenFilters?: () => void;
  onClearFilters: () => void;
  onExport?: () => void;
  /** "Import CSV" beside Export CSV: opens the list's spreadsheet import. */
  onImport?: () => void;
  selectedCount: number;
  onDeleteSelected?: () => void;
  onExportSelected?: () => void;
  /** The list's own bulk buttons, shown while rows are selected. */
  bulkActions?: ReactNode;
}) {
  const [searchText, setSearchText] = useState(search);
  const selected = selectedCount.toLocaleString("en-IN");
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2 max-sm:mt-3">
      <form
        role="search"
        className="flex min-w-0 basis-64 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(searchText.trim());
        }}
      >
        <Search aria-hidden="true" className="size-4 text-slate-400" />
        <label htmlFor="list-search" className="sr-only">
          Search
        </label>
        <input
          id="list-search"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder={searchPlaceholder ?? "Search…"}
          className="w-full py-2 outline-none"
        />
        <button
          type="submit"
          className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Search
        </button>
      </form>
      {onOpenFilters ? (
        <ToolbarButton
          icon={Filter}
          label={`Filters${activeFilters ? ` (${activeFilters})` : ""}`}
          onClick={onOpenFilters}
        />
      ) : null}
      {activeFilters ? (
        <ToolbarButton
          icon={X}
          label="Clear filters"
          onClick={onClearFilters}
          className="btn text-slate-600 hover:bg-slate-100"
        />
      ) : null}
      <ColumnMenu table={table} />
      {onImport ? <ToolbarButton icon={Upload} label="Import CSV" onClick={onImport} compact /> : null}
      {onExport ? <ToolbarButton icon={Download} label="Export CSV" onClick={onExport} compact /> : null}
      {onExportSelected && selectedCount > 0 ? (
        <ToolbarButton icon={Download} label={`Export selected (${selected})`} onClick={onExportSelected} />
      ) : null}
      {bulkActions}
      {onDeleteSelected && selectedCount > 0 ? (
        <ToolbarButton
          icon={Trash2}
          label={`Delete selected (${selected})`}
          onClick={onDeleteSelected}
          className="btn bg-red-700 text-white hover:bg-red-800"
        />
      ) : null}
    </div>
  );
}
