import { Download, Filter, Search, Trash2, X } from "lucide-react";
import { useState } from "react";

/** Search, filters, CSV export and "Delete selected" above the table; each part shows only when given. */
export function Toolbar({
  search,
  onSearch,
  searchPlaceholder,
  activeFilters,
  onOpenFilters,
  onClearFilters,
  onExport,
  selectedCount,
  onDeleteSelected,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder?: string;
  activeFilters: number;
  onOpenFilters?: () => void;
  onClearFilters: () => void;
  onExport?: () => void;
  selectedCount: number;
  onDeleteSelected?: () => void;
}) {
  const [searchText, setSearchText] = useState(search);
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2">
      <form
        role="search"
        className="flex min-w-64 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3"
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
        <button type="button" className="btn-secondary" onClick={onOpenFilters}>
          <Filter aria-hidden="true" className="size-4" /> Filters
          {activeFilters ? ` (${activeFilters})` : ""}
        </button>
      ) : null}
      {activeFilters ? (
        <button type="button" className="btn text-slate-600 hover:bg-slate-100" onClick={onClearFilters}>
          <X aria-hidden="true" className="size-4" /> Clear filters
        </button>
      ) : null}
      {onExport ? (
        <button type="button" className="btn-secondary" onClick={onExport}>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </button>
      ) : null}
      {onDeleteSelected && selectedCount > 0 ? (
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          onClick={onDeleteSelected}
        >
          <Trash2 aria-hidden="true" className="size-4" /> Delete selected ({selectedCount})
        </button>
      ) : null}
    </div>
  );
}
