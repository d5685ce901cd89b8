import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { CAREERS_PATH } from "#shared/paths.ts";
import { ApplicationForm } from "./application-form";

/** The dark band atop a page one applies from: the way back to the open positions, the title, then `children`. */
export function ApplyPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-navy-900 py-12 text-white sm:py-16">
      <div className="container-page">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-300">
          <Link to={CAREERS_PATH} className="hover:text-white">
            ← All open positions
          </Link>
        </nav>
        <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * The `#apply` section the page's Apply buttons lead to: its heading, the form for `job` (null: the general
 * application) under the page's keeping `limits`, then `children`.
 */
export function ApplySection({
  heading,
  className,
  job,
  limits: { retentionDays, keepDays },
  answer,
  children,
}: {
  heading: string;
  className: string;
  job: { id: number; title: string; questions: ComponentProps<typeof ApplicationForm>["questions"] } | null;
  limits: { retentionDays: number; keepDays: number };
  answer: ComponentProps<typeof ApplicationForm>["answer"];
  children?: ReactNode;
}) {
  return (
    <section
      id="apply"
      aria-labelledby="apply-heading"
      className={`${className} scroll-mt-24 rounded-2xl border border-slate-200 p-5 sm:p-8`}
    >
      <h2 id="apply-heading" className="text-2xl font-bold text-navy-900">
        {heading}
      </h2>
      <div className="mt-5">
        <ApplicationForm
          jobId={job?.id ?? null}
          jobTitle={job?.title ?? null}
          retentionDays={retentionDays}
          keepDays={keepDays}
          questions={job?.questions ?? []}
          answer={answer}
        />
      </div>
      {children}
    </section>
  );
}
