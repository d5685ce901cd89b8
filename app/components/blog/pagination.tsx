import { Link } from "react-router";

const pageHref = (page: number) => (page === 1 ? "/blog" : `/blog?page=${page}`);

/** Previous / numbered / Next links; plain links so crawlers can follow every page. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  const item = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label="Blog pages" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={pageHref(page - 1)} rel="prev" className={`${item} text-navy-900 hover:bg-slate-100`}>
              Previous
            </Link>
          </li>
        )}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={pageHref(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`${item} ${n === page ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={pageHref(page + 1)} rel="next" className={`${item} text-navy-900 hover:bg-slate-100`}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
