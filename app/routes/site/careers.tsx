import { Search, X } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useNavigate, useNavigation } from "react-router";
import { applyMailto, careersQuerySchema, JOB_PAGE_SIZE } from "#schemas/job.ts";
import type { Route } from "./+types/careers";
import { JobCard, type CareerJob } from "#app/components/careers/job-card.tsx";
import { JobModal } from "#app/components/careers/job-modal.tsx";
import { JobAlertForm } from "#app/components/careers/job-alert-form.tsx";
import { NotFoundContent } from "#app/components/layout/not-found.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { htmlToText } from "#app/lib/html-text.ts";
import { breadcrumbs, seoMeta } from "#app/lib/seo.ts";
import { hasEveryWord, searchWords, titleMatchesFirst } from "#shared/search-words.ts";
import { CAREERS_PATH, careersSearchPath } from "#shared/paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const query = careersQuerySchema.safeParse({
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (!query.success)
    throw data(query.error.issues[0]?.message ?? "Bad search", {
      status: query.error.issues[0]?.path[0] === "page" ? 404 : 400,
    });
  const { q, page } = query.data;
  const [found, settings] = await Promise.all([
    context.services.careers.listOpenPage({ page, pageSize: JOB_PAGE_SIZE, query: q }),
    context.services.settings.get(),
  ]);
  const pages = Math.max(1, Math.ceil(found.total / JOB_PAGE_SIZE));
  if (page > pages) throw data("Not a page of this list.", { status: 404 });
  // Mail drafts are built here so the page needs neither the HR address logic nor Zod in the browser.
  const jobs: CareerJob[] = found.jobs.map((job) => ({
    ...job,
    apply_link: applyMailto(settings.hr_email, job.job_title, job.company),
  }));
  // With every open job on the page, the search can run in the browser as the visitor types.
  const complete = q === "" && found.open <= JOB_PAGE_SIZE;
  return { jobs, q, page, pages, total: found.total, open: found.open, complete, baseUrl: context.baseUrl };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  const page = loaderData?.page ?? 1;
  return [
    ...seoMeta({
      title: page === 1 ? "Careers: Open Positions" : `Careers: Open Positions (page ${page})`,
      description:
        "Join GCC View 360 and the Global Capability Centers we build in India: open positions in talent acquisition, programme management, engineering, HR and finance.",
      path: careersHref("", page),
      baseUrl,
      // Search results are endless variations of the list; only the plain pages are worth indexing.
      noindex: !loaderData || loaderData.q !== "",
    }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", CAREERS_PATH],
    ]),
  ];
}

function careersHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return careersSearchPath(query);
}

const searchable = (job: CareerJob) =>
  [
    job.job_title,
    job.company,
    job.location,
    job.salary,
    htmlToText(job.job_description),
    htmlToText(job.requirements),
  ]
    .join(" ")
    .toLowerCase();

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
  const { jobs, q, page, pages, total, open, complete } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [text, setText] = useState(q);
  const [selected, setSelected] = useState<CareerJob | null>(null);
  // The search the server last answered or was asked for, so its answer does not overwrite newer typing.
  const sent = useRef(q);
  const searchOnServer = useCallback(
    (wanted: string) => {
      sent.current = wanted;
      void navigate(careersHref(wanted, 1), { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // A search that did not come from this box (back button, a shared link) shows in it.
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    const wanted = text.trim();
    if (complete) {
      // Filtered here, so no navigation (it would reload the list); the address still keeps the search, so a
      // reload or a shared link finds the same jobs (the history entry's own state is kept for the router).
      if ((new URLSearchParams(window.location.search).get("q") ?? "") === wanted) return;
      const timer = setTimeout(
        () => window.history.replaceState(window.history.state, "", careersHref(wanted, 1)),
        SEARCH_DELAY_MS,
      );
      return () => clearTimeout(timer);
    }
    if (wanted === sent.current) return;
    const timer = setTimeout(() => searchOnServer(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, complete, searchOnServer]);

  const deferred = useDeferredValue(text);
  const index = useMemo(
    () => (complete ? jobs.map((job) => ({ job, text: searchable(job) })) : []),
    [jobs, complete],
  );
  const words = searchWords(deferred);
  const shown =
    complete && words.length > 0
      ? titleMatchesFirst(
          index.filter((entry) => hasEveryWord(entry.text, words)).map((entry) => entry.job),
          (job) => job.job_title,
          words,
        )
      : jobs;
  // A page change is not a search: only a pending answer for other search text reads "Searching…".
  const pendingQ =
    navigation.state === "loading" && navigation.location.pathname === CAREERS_PATH
      ? (new URLSearchParams(navigation.location.search).get("q") ?? "").trim()
      : q;
  const searching = !complete && (text.trim() !== q || pendingQ !== q);
  const searched = complete ? deferred.trim() : q;

  const status = searching
    ? "Searching…"
    : open === 0
      ? ""
      : searched
        ? `${complete ? shown.length : total} of ${open} open positions match your search.`
        : `${open} open ${open === 1 ? "position" : "positions"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`;

  return (
    <>
      <CareersHeader />
      <section className="container-page py-10 sm:py-14" aria-label="Job search">
        {/* A plain GET form, so the search also works before the page's script has loaded. */}
        <form
          role="search"
          method="get"
          action={CAREERS_PATH}
          className="flex max-w-2xl items-center gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!complete) searchOnServer(text.trim());
          }}
        >
          <label htmlFor="job-search" className="sr-only">
            Search jobs
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id="job-search"
              name="q"
              type="search"
              placeholder="Search jobs..."
              autoComplete="off"
              maxLength={100}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="block w-full rounded-full border border-slate-300 bg-white py-3 pl-11 pr-4 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 [&::-webkit-search-cancel-button]:hidden"
            />
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={text === "" && q === ""}
            onClick={() => {
              setText("");
              if (!complete) searchOnServer("");
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Clear
          </button>
        </form>
        <p aria-live="polite" className="mt-4 text-sm text-slate-600">
          {status}
        </p>

        {open === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">
            There are no open positions right now. Please check back soon.
          </p>
        ) : shown.length === 0 ? (
          <div className="py-16 text-center">
            <p className="text-lg font-medium text-navy-900">No jobs match “{searched}”.</p>
            <p className="mt-2 text-slate-600">
              Try another word, or clear the search to see every open position.
            </p>
          </div>
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
            <Pagination page={page} pages={pages} href={(n) => careersHref(q, n)} label="Job pages" />
          </>
        )}
        <JobAlertForm search={searched} results={open === 0 ? 0 : shown.length} />
      </section>
      <JobModal job={selected} onClose={() => setSelected(null)} />
    </>
  );
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
