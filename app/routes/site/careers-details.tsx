import { MapPin, Briefcase, CalendarDays, IndianRupee } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/careers-details";
import { formatLongDate, timeAttribute } from "#shared/india-time.ts";
import { ApplyPageHeader, ApplySection } from "#app/components/careers/apply-page.tsx";
import { applicationAction } from "#app/components/careers/application-action.server.ts";
import type { ClosedJob } from "#app/components/careers/application-fields.ts";
import { ShareLinks } from "#app/components/ui/share-links.tsx";
import { htmlToText } from "#app/lib/html-text.ts";
import { jobWithLocation } from "#app/lib/job-title.ts";
import { truncate } from "#app/lib/text.ts";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta } from "#app/lib/seo.ts";
import { KEEP_CV_DAYS } from "#schemas/application.ts";
import { CAREERS_PATH, jobPath } from "#shared/paths.ts";

/** The page's job id (`?jobId=`), else 404. */
function jobIdOf(url: URL): number {
  const raw = url.searchParams.get("jobId");
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw data(null, { status: 404 });
  }
  return Number(raw);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const jobId = jobIdOf(url);
  let job;
  let retentionDays;
  let closedTitle = null;
  try {
    [job, { application_retention_days: retentionDays }] = await Promise.all([
      context.services.careers.getOpenJobPage(jobId),
      context.services.settings.get(),
    ]);
    if (!job) closedTitle = await context.services.careers.closedJobTitle(jobId);
  } catch (error) {
    console.error("job page: loading the job failed", error);
    throw data(null, { status: 503 });
  }
  // A job that exists but is closed or expired says so (410 Gone); an unknown one is 'Job not found' (404).
  if (closedTitle !== null) {
    const closed: ClosedJob = { closed: true, title: closedTitle, refused: false };
    throw data(closed, { status: 410 });
  }
  if (!job) throw data(null, { status: 404 });
  const path = jobPath(job.id);
  return {
    job,
    path,
    url: absoluteUrl(context.baseUrl, path),
    baseUrl: context.baseUrl,
    retentionDays,
    keepDays: KEEP_CV_DAYS,
  };
}

/** The application posted without JavaScript, with its CV (server/app.ts gives this page the body limit). */
export async function action({ request, url, context }: Route.ActionArgs) {
  return applicationAction(request, context, jobIdOf(url));
}

function closedJobOf(error: unknown): ClosedJob | null {
  return isRouteErrorResponse(error) && error.status === 410 && (error.data as ClosedJob | null)?.closed
    ? (error.data as ClosedJob)
    : null;
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  // Unknown, closed and failed jobs are never indexed.
  if (!loaderData) {
    const closed = closedJobOf(error);
    return [
      { title: pageTitle(closed ? `Position closed: ${closed.title}` : "Job not found") },
      { name: "robots", content: "noindex" },
    ];
  }
  const { job, path, baseUrl } = loaderData;
  const text = htmlToText(job.description);
  // At most 155 characters, ellipsis included, cut between words.
  const description = text.length > 155 ? truncate(text, 154) : text;
  const salary = job.baseSalary;
  const remote = /remote/i.test(job.location);
  return [
    ...seoMeta({ title: jobWithLocation(job.title, job.location), description, path, baseUrl }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", CAREERS_PATH],
      [job.title, path],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: job.title,
      description: job.description,
      datePosted: timeAttribute(job.postedDate),
      ...(job.validThrough ? { validThrough: timeAttribute(job.validThrough) } : {}),
      employmentType: job.employmentType,
      hiringOrganization: { "@type": "Organization", name: job.company },
      jobLocation: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: job.location.replace(/\s*\(.*\)$/, ""),
          addressCountry: "IN",
        },
      },
      ...(remote
        ? {
            jobLocationType: "TELECOMMUTE",
            applicantLocationRequirements: { "@type": "Country", name: "India" },
          }
        : {}),
      ...(salary
        ? {
            baseSalary: {
              "@type": "MonetaryAmount",
              currency: salary.currency,
              value: {
                "@type": "QuantitativeValue",
                minValue: salary.minValue,
                maxValue: salary.maxValue,
                unitText: salary.unitText,
              },
            },
          }
        : {}),
      directApply: true,
      url: absoluteUrl(baseUrl, path),
    }),
  ];
}

function Facts({ job }: { job: Route.ComponentProps["loaderData"]["job"] }) {
  const fact = "inline-flex items-center gap-2";
  return (
    <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-slate-200">
      <li className={fact}>
        <MapPin aria-hidden="true" className="size-4 text-accent-400" />
        <span className="sr-only">Location: </span>
        {job.location}
      </li>
      <li className={fact}>
        <Briefcase aria-hidden="true" className="size-4 text-accent-400" />
        <span className="sr-only">Type: </span>
        {job.type}
      </li>
      {job.salary && (
        <li className={fact}>
          <IndianRupee aria-hidden="true" className="size-4 text-accent-400" />
          <span className="sr-only">Salary: </span>₹{job.salary}
        </li>
      )}
      <li className={fact}>
        <CalendarDays aria-hidden="true" className="size-4 text-accent-400" />
        <span>
          Posted on <time dateTime={timeAttribute(job.postedDate)}>{formatLongDate(job.postedDate)}</time>
        </span>
      </li>
    </ul>
  );
}

export default function CareerDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { job, url } = loaderData;
  return (
    <>
      <ApplyPageHeader title={job.title}>
        <p className="mt-2 text-lg text-slate-200">{job.company}</p>
        <Facts job={job} />
      </ApplyPageHeader>
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0">
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-2xl font-bold text-navy-900">
              About the role
            </h2>
            {/* Sanitised on the server (domain/blog/sanitize.ts). */}
            <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: job.description }} />
          </section>
          <JobList id="responsibilities-heading" title="Responsibilities" items={job.responsibilities} />
          <JobList id="requirements-heading" title="Requirements" items={job.requirements} />
          <ApplySection
            heading="Apply for this job"
            className="mt-12"
            job={job}
            limits={loaderData}
            answer={actionData}
          >
            <p className="mt-6 text-sm text-slate-600">
              Prefer e-mail?{" "}
              <a href={job.applyLink} className="font-semibold text-brand-700 underline">
                Or apply by e-mail
              </a>
            </p>
          </ApplySection>
        </div>
        <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start" aria-label="Apply and share">
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-bold text-navy-900">Interested?</h2>
            <p className="mt-2 text-sm text-slate-600">Send us your CV and a few lines about yourself.</p>
            <a href="#apply" className="btn-primary mt-5 w-full">
              Apply Now
            </a>
          </div>
          <ShareLinks url={url} title={`${job.title} at ${job.company}`} what="job" />
        </aside>
      </div>
    </>
  );
}

/** A titled bullet list of the job's; an empty list shows nothing. */
function JobList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      <div className="prose-content mt-4">
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const closed = closedJobOf(error);
  if (closed) {
    return (
      <section className="container-page grid min-h-[50vh] place-items-center py-16 text-center">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold text-navy-900">This position is closed</h1>
          <p className="mt-3 text-slate-600" role={closed.refused ? "alert" : undefined}>
            {closed.refused ? "Your application was not sent: applications" : "Applications"} for “
            {closed.title}” are no longer taken, because the position is no longer open.
          </p>
          <Link to={CAREERS_PATH} className="btn-primary mt-8">
            See all open positions
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16 text-center">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Job not found</h1>
        <p className="mt-3 text-slate-600">This position may have been filled or closed.</p>
        <Link to={CAREERS_PATH} className="btn-primary mt-8">
          See all open positions
        </Link>
      </div>
    </section>
  );
}
