import type { ReactNode } from "react";
import { Link } from "react-router";
import { CAREERS_PATH, GENERAL_APPLICATION_PATH } from "#shared/paths.ts";

/**
 * What the careers list offers when nothing (or nothing more) fits: a way back to every position, and the
 * general application. Further ways on (`children`) sit beside the general application, one block each.
 */
export function NoMatchingJobs({
  title,
  detail,
  onClear,
  children,
}: {
  title: string;
  detail?: string;
  /** Set when a search or filter narrowed the list: the link to clear them (and what clears them in place). */
  onClear?: (() => void) | null;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="no-matching-jobs" className="mx-auto mt-8 max-w-3xl text-center">
      <h2 id="no-matching-jobs" className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      {detail && <p className="mt-2 text-slate-600">{detail}</p>}
      {onClear && (
        <Link
          to={CAREERS_PATH}
          className="btn-secondary mt-5"
          onClick={(event) => {
            event.preventDefault();
            onClear();
          }}
        >
          Clear search and filters
        </Link>
      )}
      <div className="mt-8 grid gap-4 text-left">
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
          <h3 className="font-bold text-navy-900">Nothing here fits you?</h3>
          <p className="mt-2 text-slate-600">
            Send us a general application with your CV. Our hiring team reads every one and will contact you
            when an opening matches your profile.
          </p>
          <Link to={GENERAL_APPLICATION_PATH} className="btn-primary mt-4">
            Send a general application
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}
