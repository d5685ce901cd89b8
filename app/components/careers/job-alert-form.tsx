import { SubscriptionForm } from "#app/components/subscribe/subscription-form.tsx";

/** Results at or below this many offer an alert: the search is empty-handed or narrow. */
const FEW = 2;

/**
 * "Tell me when a job like this opens": the visitor's search and e-mail, confirmed by a link first (double
 * opt-in), then a mail when a matching job is published. Shown under empty or few results.
 */
export function JobAlertForm({ search, results }: { search: string; results: number }) {
  if (results > FEW) return null;
  const words = search.trim();
  return (
    <section
      aria-labelledby="job-alert-heading"
      className="mx-auto mt-10 max-w-2xl rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id="job-alert-heading" className="text-xl font-bold text-navy-900">
        Tell me when a job like this opens
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {words
          ? `We e-mail you when a job matching “${words}” is published.`
          : "We e-mail you when a new job is published."}{" "}
        We send a link to confirm first; your address is used for nothing else, and every e-mail has a
        one-click unsubscribe.
      </p>
      <div className="mt-4">
        <SubscriptionForm id="job-alert" hidden={{ kind: "jobs", search: words }} button="Tell me" />
      </div>
    </section>
  );
}
