import { Search, X } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { applyMailto } from "../../../schemas/job";
import type { Route } from "./+types/careers";
import { JobCard, type CareerJob } from "~/components/careers/job-card";
import { JobModal } from "~/components/careers/job-modal";
import { htmlToText } from "~/lib/html-text";
import { breadcrumbs, seoMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const [jobs, settings] = await Promise.all([context.services.careers.listOpen(), context.services.settings.get()]);
  // Mail drafts are built here so the page needs neither the HR address logic nor Zod in the browser.
  const withApply: CareerJob[] = jobs.map((job) => ({
    ...job,
    apply_link: applyMailto(settings.hr_email, job.job_title, job.company),
  }));
  return { jobs: withApply, baseUrl: context.baseUrl };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  return [
    ...seoMeta({
      title: "Careers: Open Positions",
      description:
        "Join GCC View 360 and the Global Capability Centers we build in India: open positions in talent acquisition, programme management, engineering, HR and finance.",
      path: "/Careers-page",
      baseUrl,
    }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", "/Careers-page"],
    ]),
  ];
}

const searchable = (job: CareerJob) =>
  [job.job_title, job.company, job.location, job.salary, htmlToText(job.job_description), htmlToText(job.requirements)]
    .join(" ")
    .toLowerCase();

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<CareerJob | null>(null);
  const deferred = useDeferredValue(query);
  const index = useMemo(() => jobs.map((job) => ({ job, text: searchable(job) })), [jobs]);
  const needle = deferred.trim().toLowerCase();
  const shown = needle ? index.filter((entry) => entry.text.includes(needle)).map((entry) => entry.job) : jobs;

  return (
    <>
      <div className="bg-navy-900 py-14 text-white sm:py-20">
        <div className="container-page">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">Careers</p>
          <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Open Positions</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Help global companies build their capability centres in India. Find a role that fits you and apply in a
            minute.
          </p>
        </div>
      </div>
      <section className="container-page py-10 sm:py-14" aria-label="Job search">
        <div role="search" className="flex max-w-2xl items-center gap-3">
          <label htmlFor="job-search" className="sr-only">
            Search jobs
          </label>
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id="job-search"
              type="search"
              placeholder="Search jobs..."
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="block w-full rounded-full border border-slate-300 bg-white py-3 pl-11 pr-4 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 [&::-webkit-search-cancel-button]:hidden"
            />
          </div>
          <button type="button" className="btn-secondary" onClick={() => setQuery("")} disabled={query === ""}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </button>
        </div>
        <p aria-live="polite" className="mt-4 text-sm text-slate-600">
          {jobs.length === 0
            ? ""
            : needle
              ? `${shown.length} of ${jobs.length} open positions match your search.`
              : `${jobs.length} open ${jobs.length === 1 ? "position" : "positions"}`}
        </p>

        {jobs.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">
            There are no open positions right now. Please check back soon.
          </p>
        ) : shown.length === 0 ? (
          <div className="py-16 text-center">
            <p className="text-lg font-medium text-navy-900">No jobs match “{deferred.trim()}”.</p>
            <p className="mt-2 text-slate-600">Try another word, or clear the search to see every open position.</p>
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {shown.map((job) => (
              <li key={job.id} className="flex *:w-full">
                <JobCard job={job} onDetails={() => setSelected(job)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <JobModal job={selected} onClose={() => setSelected(null)} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16 text-center">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Open Positions</h1>
        <p role="alert" className="mt-4 text-slate-600">
          We could not load the open positions just now. Please try again in a moment.
        </p>
      </div>
    </section>
  );
}
