import { useState } from "react";
import { Link } from "react-router";
import { Fact } from "#app/components/ui/fact.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { RUPEE, type CareerJob } from "./job-card";
import { applyPath, jobPath } from "#shared/paths.ts";

export function JobModal({ job: selected, onClose }: { job: CareerJob | null; onClose: () => void }) {
  // The last job stays in the panel while it fades out.
  const [job, setJob] = useState(selected);
  if (selected && selected !== job) setJob(selected);
  return (
    <Modal
      open={selected !== null}
      onClose={onClose}
      size="lg"
      title={job?.job_title ?? "Job"}
      footer={
        job && (
          <>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Close
            </button>
            <a className="self-center text-sm font-semibold text-brand-700 underline" href={job.apply_link}>
              Apply by e-mail
            </a>
            <Link className="btn-primary" to={applyPath(job.id)} onClick={onClose}>
              Apply
            </Link>
          </>
        )
      }
    >
      {job && (
        <div>
          <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-3">
            <Fact term="Company">{job.company}</Fact>
            <Fact term="Location">{job.location}</Fact>
            <Fact term="Salary">{job.salary ? `${RUPEE}${job.salary}` : "Not disclosed"}</Fact>
          </dl>
          <h3 className="mt-6 text-lg font-bold text-navy-900">Description</h3>
          {/* Sanitised on the server (domain/blog/sanitize.ts). */}
          <div className="prose-content mt-2" dangerouslySetInnerHTML={{ __html: job.job_description }} />
          {job.requirements && (
            <>
              <h3 className="mt-6 text-lg font-bold text-navy-900">Requirements</h3>
              {/* Built on the server from escaped text lines. */}
              <div className="prose-content mt-2" dangerouslySetInnerHTML={{ __html: job.requirements }} />
            </>
          )}
          <Link
            to={jobPath(job.id)}
            className="mt-6 inline-block font-semibold text-brand-700 hover:text-brand-600"
          >
            Open the full job page →
          </Link>
        </div>
      )}
    </Modal>
  );
}
