import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useNavigate, useNavigation } from "react-router";
import { applyMailto, careersQuerySchema, JOB_PAGE_SIZE } from "#schemas/job.ts";
import type { Route } from "./+types/careers";
import { JobCard, type CareerJob } from "#app/components/careers/job-card.tsx";
import { JobModal } from "#app/components/careers/job-modal.tsx";
import { JobAlertForm } from "#app/components/careers/job-alert-form.tsx";
import { NotFoundContent } from "#app/components/layout/not-found.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { breadcrumbs, seoMeta } from "#app/lib/seo.ts";
import {
  careersHref,
  describeSearch,
  isNarrowed,
  searchInBrowser,
  searchIndex,
  type CareersSearch,
} from "#app/components/careers/careers-query.ts";
import { JobSearchForm } from "#app/components/careers/job-search-form.tsx";
import { NoMatchingJobs } from "#app/components/careers/no-matching-jobs.tsx";
import { CAREERS_PATH, GENERAL_APPLICATION_PATH } from "#shared/paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const query = careersQuerySchema.safeParse({
    q: params.get("q") ?? undefined,
    location: params.get("location") ?? undefined,
    type: params.get("type") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (!query.success)
    throw data(query.error.issues[0]?.message ?? "Bad search", {
      status: query.error.issues[0]?.path[0] === "page" ? 404 : 400,
    });
  const { q, type, page } = query.data;
  const [found, settings] = await Promise.all([
    context.services.careers.listOpenPage({ ...query.data, query: q, pageSize: JOB_PAGE_SIZE }),
    context.services.settings.get(),
  ]);
  const pages = Math.max(1, Math.ceil(found.total / JOB_PAGE_SIZE));
  if (page > pages) throw data("Not a page of this list.", { status: 404 });
  // Mail drafts are built here so the page needs neither the HR address logic nor Zod in the browser.
  const jobs: CareerJob[] = found.jobs.map((job) => ({
    ...job,
    apply_link: applyMailto(settings.hr_email, job.job_title, job.company),
  }));
  // A location typed in another case is the one the filter offers (it matched it).
  const wanted = query.data.location.toLowerCase();
  const location = found.locations.find((l) => l.toLowerCase() === wanted) ?? query.data.location;
  const search: CareersSearch = { q, location, type };
  // With every open job on the page, the search can run in the browser as the visitor types.
  const complete = !isNarrowed(search) && found.open <= JOB_PAGE_SIZE;
  return {
    jobs,
    search,
    page,
    pages,
    total: found.total,
    open: found.open,
    complete,
    locations: found.locations,
    types: found.types,
    baseUrl: context.baseUrl,
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  const page = loaderData?.page ?? 1;
  return [
    ...seoMeta({
      title: page === 1 ? "Careers: Open Positions" : `Careers: Open Positions (page ${page})`,
      description:
        "Join GCC View 360 and the Global Capability Centers we build in India: open positions in talent acquisition, programme management, engineering, HR and finance.",
      path: careersHref({ q: "", location: "", type: "" }, page),
      baseUrl,
      // Search results are endless variations of the list; only the plain pages are worth indexing.
      noindex: !loaderData || isNarrowed(loaderData.search),
    }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", CAREERS_PATH],
    ]),
  ];
}

const SEARCH_DELAY_MS = 300;

function CareersHeader() {
  return (
    <div className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">Careers</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Open Positions</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">
          Help global companies build their capability centres in India. Find a role that fits you and apply
          in a minute.
        </p>
      </div>
    </div>
  );
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { jobs, search: answered, page, pages, total, open, complete, locations, types } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [search, setSearch] = useState(answered);
  const [selected, setSelected] = useState<CareerJob | null>(null);
  const answeredHref = careersHref(answered);
  // The search the server last answered or was asked for, so its answer does not overwrite newer typing.
  const sent = useRef(answeredHref);
  const searchOnServer = useCallback(
    (href: string) => {
      sent.current = href;
      void navigate(href, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // A search that did not come from this form (back button, a shared link) shows in it.
  useEffect(() => {
    if (answeredHref !== sent.current) {
      sent.current = answeredHref;
      setSearch(answered);
    }
  }, [answered, answeredHref]);

  const trimmed = { ...search, q: search.q.trim() };
  const wantedHref = careersHref(trimmed);
  useEffect(() => {
    if (complete) {
      // Filtered here, so no navigation (it would reload the list); the address still keeps the search, so a
      // reload or a shared link finds the same jobs (the history entry's own state is kept for the router).
      if (window.location.pathname + window.location.search === wantedHref) return;
      const timer = setTimeout(
        () => window.history.replaceState(window.history.state, "", wantedHref),
        SEARCH_DELAY_MS,
      );
      return () => clearTimeout(timer);
    }
    if (wantedHref === sent.current) return;
    const timer = setTimeout(() => searchOnServer(wantedHref), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wantedHref, complete, searchOnServer]);

  const deferred = useDeferredValue(trimmed);
  const index = useMemo(() => (complete ? searchIndex(jobs) : []), [jobs, complete]);
  const shown = complete && isNarrowed(deferred) ? searchInBrowser(index, deferred) : jobs;
  // A page change is not a search: only a pending answer for another search reads "Searching…".
  const pending =
    navigation.state === "loading" && navigation.location.pathname === CAREERS_PATH
      ? careersHref(searchOf(new URLSearchParams(navigation.location.search)))
      : answeredHref;
  const searching = !complete && (wantedHref !== answeredHref || pending !== answeredHref);
  const searched = complete ? deferred : answered;
  const clear = () => {
    const none = { q: "", location: "", type: "" } as const;
    setSearch(none);
    if (!complete) searchOnServer(careersHref(none));
  };

  const status = searching
    ? "Searching…"
    : open === 0
      ? ""
      : isNarrowed(searched)
        ? `${complete ? shown.length : total} of ${open} open positions match your search.`
        : `${open} open ${open === 1 ? "position" : "positions"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`;

  return (
    <>
      <CareersHeader />
      <section className="container-page py-10 sm:py-14" aria-label="Job search">
        <JobSearchForm
          search={search}
          onChange={(change) => setSearch((current) => ({ ...current, ...change }))}
          onSubmit={() => {
            if (!complete) searchOnServer(wantedHref);
          }}
          onClear={clear}
          canClear={isNarrowed(search) || isNarrowed(answered)}
          locations={locations}
          types={types}
        />
        <p aria-live="polite" className="mt-4 text-sm text-slate-600">
          {status}
        </p>

        {open === 0 ? (
          <NoMatchingJobs title="There are no open positions right now. Please check back soon." />
        ) : shown.length === 0 ? (
          <NoMatchingJobs
            title={`No jobs match ${describeSearch(searched)}.`}
            detail="Try another word or filter, or clear them to see every open position."
            onClear={clear}
          />
        ) : (
          <>
            <ul
              aria-busy={searching || undefined}
              className={`mt-8 grid gap-6 transition-opacity md:grid-cols-2 ${searching ? "opacity-60" : ""}`}
            >
              {shown.map((job) => (
                <li key={job.id} className="flex *:w-full">
                  <JobCard job={job} onDetails={() => setSelected(job)} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={pages} href={(n) => careersHref(answered, n)} label="Job pages" />
            <p className="mt-10 text-center text-slate-600">
              Nothing here fits you?{" "}
              <Link to={GENERAL_APPLICATION_PATH} className="font-semibold text-brand-700 underline">
                Send a general application
              </Link>
            </p>
          </>
        )}
        {/* An alert matches words of a job's text: the search and the chosen place (a type is no word). */}
        <JobAlertForm
          search={[searched.q, searched.location].filter(Boolean).join(" ")}
          results={open === 0 ? 0 : shown.length}
        />
      </section>
      <JobModal job={selected} onClose={() => setSelected(null)} />
    </>
  );
}

/** The search an address asks for, read as the loader reads it (values it would refuse are its to answer). */
function searchOf(params: URLSearchParams): CareersSearch {
  return {
    q: (params.get("q") ?? "").trim(),
    location: (params.get("location") ?? "").trim(),
    type: (params.get("type") ?? "") as CareersSearch["type"],
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const badSearch = isRouteErrorResponse(error) && error.status === 400;
  return (
    <>
      <CareersHeader />
      <section className="container-page py-16 text-center">
        <p role="alert" className="text-slate-600">
          {badSearch
            ? String(error.data)
            : "We could not load the open positions just now. Please try again in a moment."}
        </p>
        {badSearch ? (
          <Link to={CAREERS_PATH} className="btn-secondary mt-6">
            See every open position
          </Link>
        ) : null}
      </section>
    </>
  );
}
