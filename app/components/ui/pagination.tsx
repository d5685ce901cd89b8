import { Link } from "react-router";
import { paginationRange } from "#app/lib/pagination.ts";

/** Previous / numbered / Next links; plain links so crawlers can follow every page. */
export function Pagination({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const item = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label={label} className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={`${item} text-navy-900 hover:bg-slate-100`}>
              Previous
            </Link>
          </li>
        )}
        {paginationRange(page, pages).map((n) =>
          typeof n === "number" ? (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${item} ${n === page ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`}
              >
                {n}
              </Link>
            </li>
          ) : (
            <li key={n} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} rel="next" className={`${item} text-navy-900 hover:bg-slate-100`}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
