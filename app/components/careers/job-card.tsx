import { Link } from "react-router";
import type { CareersListItem } from "#schemas/job.ts";
import { jobPreview } from "#app/lib/html-text.ts";
import { applyPath, jobPath } from "#shared/paths.ts";

export type CareerJob = CareersListItem & { apply_link: string };

export const RUPEE = "₹";

export function JobCard({ job, onDetails }: { job: CareerJob; onDetails: () => void }) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <h2 className="text-xl font-bold leading-snug text-navy-900">
        <Link to={jobPath(job.id)} className="hover:text-brand-700">
          {job.job_title}
        </Link>
      </h2>
      <p className="mt-1 font-medium text-slate-700">
        {job.company} - {job.location}
      </p>
      {job.salary && (
        <p className="mt-3 inline-flex self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          {RUPEE}
          {job.salary}
        </p>
      )}
      <p className="mt-4 flex-1 leading-relaxed text-slate-600">{jobPreview(job.job_description)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={onDetails} aria-haspopup="dialog">
          View Details<span className="sr-only"> about {job.job_title}</span>
        </button>
        {/* The on-site form, so the application reaches the hiring team's inbox (a mail draft does nothing on many phones). */}
        <Link className="btn-primary" to={applyPath(job.id)}>
          Apply<span className="sr-only"> for {job.job_title}</span>
        </Link>
      </div>
    </article>
  );
}
