import { MapPin, Briefcase, CalendarDays, IndianRupee } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/careers-details";
import { formatDate, isoDate } from "~/components/blog/format-date";
import { ShareLinks } from "~/components/careers/share-links";
import { htmlToText } from "~/lib/html-text";
import { absoluteUrl, breadcrumbs, jsonLd, seoMeta, SITE_NAME } from "~/lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("jobId");
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw data(null, { status: 404 });
  }
  let job;
  try {
    job = await context.services.careers.getOpenJobPage(Number(raw));
  } catch (error) {
    console.error("job page: loading the job failed", error);
    throw data(null, { status: 503 });
  }
  if (!job) throw data(null, { status: 404 });
  const path = `/careers-details?jobId=${job.id}`;
  return { job, path, url: absoluteUrl(context.baseUrl, path), baseUrl: context.baseUrl };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  // Unknown, closed and failed jobs are never indexed.
  if (!loaderData) return [{ title: `Job not found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { job, path, baseUrl } = loaderData;
  const text = htmlToText(job.description);
  const description = text.length > 155 ? `${text.slice(0, 154).trimEnd()}…` : text;
  const salary = job.baseSalary;
  const remote = /remote/i.test(job.location);
  return [
    ...seoMeta({ title: `${job.title} (${job.location})`, description, path, baseUrl }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", "/Careers-page"],
      [job.title, path],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: job.title,
      description: job.description,
      datePosted: isoDate(job.postedDate),
      ...(job.validThrough ? { validThrough: isoDate(job.validThrough) } : {}),
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
          Posted on <time dateTime={isoDate(job.postedDate)}>{formatDate(job.postedDate)}</time>
        </span>
      </li>
    </ul>
  );
}

export default function CareerDetails({ loaderData }: Route.ComponentProps) {
  const { job, url } = loaderData;
  return (
    <>
      <div className="bg-navy-900 py-12 text-white sm:py-16">
        <div className="container-page">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-300">
            <Link to="/Careers-page" className="hover:text-white">
              ← All open positions
            </Link>
          </nav>
          <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{job.title}</h1>
          <p className="mt-2 text-lg text-slate-200">{job.company}</p>
          <Facts job={job} />
        </div>
      </div>
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0">
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-2xl font-bold text-navy-900">
              About the role
            </h2>
            {/* Sanitised on the server (domain/blog/sanitize.ts). */}
            <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: job.description }} />
          </section>
          {job.responsibilities.length > 0 && (
            <section aria-labelledby="responsibilities-heading" className="mt-10">
              <h2 id="responsibilities-heading" className="text-2xl font-bold text-navy-900">
                Responsibilities
              </h2>
              <div className="prose-content mt-4">
                <ul>
                  {job.responsibilities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </section>
          )}
          {job.requirements.length > 0 && (
            <section aria-labelledby="requirements-heading" className="mt-10">
              <h2 id="requirements-heading" className="text-2xl font-bold text-navy-900">
                Requirements
              </h2>
              <div className="prose-content mt-4">
                <ul>
                  {job.requirements.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </section>
          )}
        </div>
        <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start" aria-label="Apply and share">
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-bold text-navy-900">Interested?</h2>
            <p className="mt-2 text-sm text-slate-600">Send us your CV and a few lines about yourself.</p>
            <a href={job.applyLink} className="btn-primary mt-5 w-full">
              Apply Now
            </a>
          </div>
          <ShareLinks url={url} title={`${job.title} at ${job.company}`} />
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16 text-center">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Job not found</h1>
        <p className="mt-3 text-slate-600">This position may have been filled or closed.</p>
        <Link to="/Careers-page" className="btn-primary mt-8">
          See all open positions
        </Link>
      </div>
    </section>
  );
}
