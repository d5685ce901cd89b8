import { formatDateTime } from "#shared/india-time.ts";
import { stageLabels, type ApplicationDetail, type ApplicationSubmission } from "#schemas/application.ts";
import { Details } from "../details";
import { ENDPOINT } from "./application";
import { download } from "./download";

type Compared = keyof ApplicationSubmission & keyof ApplicationDetail;
const FIELDS: [label: string, key: Compared][] = [
  ["First name", "first_name"],
  ["Last name", "last_name"],
  ["E-mail", "email"],
  ["Phone", "phone"],
  ["Current city", "city"],
  ["Notice period", "notice_period"],
  ["LinkedIn or portfolio", "profile_url"],
];

/**
 * The form as sent again with the application's address: each post as it came, with its own CV. Nothing of
 * it was merged into the application, since whoever knows an address can send the form.
 */
export function ApplicationSubmissions({ application: a }: { application: ApplicationDetail }) {
  if (a.submissions.length === 0) return null;
  const headingId = `application-${a.id}-submissions`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-medium text-slate-500">
        Sent again with this address ({a.submissions.length})
      </h3>
      <p className="mt-1 text-slate-600">
        Nothing in the application above was changed. Anyone who knows the address can send the form, so
        compare before you rely on these details.
      </p>
      <ol className="mt-2 space-y-3">
        {a.submissions.map((s) => (
          <li key={s.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">
              {formatDateTime(s.created_at)}, while the application was at {stageLabels[s.stage_then]}
            </p>
            <Details
              className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2"
              valueClassName="break-words text-slate-900"
              items={FIELDS.map(([label, key]) => [
                label,
                <>
                  {s[key] || "—"}
                  {String(s[key]).toLowerCase() !== String(a[key]).toLowerCase() && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                      differs
                    </span>
                  )}
                </>,
              ])}
            />
            <h4 className="mt-2 font-medium text-slate-500">Cover note</h4>
            <p className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-900">
              {s.cover_note || "—"}
            </p>
            {s.answers?.length ? (
              <Details
                className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3"
                valueClassName="whitespace-pre-wrap text-slate-900"
                items={s.answers.map((x, i) => [`${i + 1}. ${x.question}`, x.answer || "(not answered)"])}
              />
            ) : null}
            <button
              type="button"
              className="btn-secondary mt-3"
              onClick={() => void download(`${ENDPOINT}/${a.id}/submissions/${s.id}/cv`, s.cv_file_name)}
            >
              Download CV sent {formatDateTime(s.created_at)} ({s.cv_file_name})
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
