import { ChevronLeft, ChevronRight } from "lucide-react";
import { paginationRange } from "#app/lib/pagination.ts";
import { PAGE_SIZES } from "#schemas/list-query.ts";

/** Rows per page, "1–10 of N" and the page buttons below the table. */
export function Pager({
  page,
  pageSize,
  total,
  capped,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted only up to a cap: "of 10,000+". */
  capped: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const totalPages = Math.ceil(total / pageSize);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor="page-size">Rows per page</label>
        <select
          id="page-size"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 max-sm:min-h-11"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span className="text-slate-600" aria-live="polite">
          {total === 0
            ? "0 results"
            : `${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)} of ${total.toLocaleString("en-IN")}${capped ? "+" : ""}`}
        </span>
      </div>
      {/* On a phone every page button is a 44 px tap target; the row wraps rather than overflow. */}
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className="rounded p-1.5 hover:bg-slate-100 disabled:opacity-40 max-sm:grid max-sm:size-11 max-sm:place-items-center"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        {paginationRange(page, totalPages).map((item) =>
          typeof item === "number" ? (
            <button
              key={item}
              type="button"
              aria-current={item === page ? "page" : undefined}
              onClick={() => onPage(item)}
              className={`min-w-8 rounded px-2 py-1 max-sm:min-h-11 max-sm:min-w-11 ${item === page ? "bg-navy-900 text-white" : "hover:bg-slate-100"}`}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="px-1 text-slate-400" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button
          type="button"
          className="rounded p-1.5 hover:bg-slate-100 disabled:opacity-40 max-sm:grid max-sm:size-11 max-sm:place-items-center"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
          aria-label="Next page"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </nav>
    </div>
  );
}
