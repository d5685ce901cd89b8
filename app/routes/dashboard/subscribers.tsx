import { useQuery } from "@tanstack/react-query";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { blogLanguages } from "#shared/blog-languages.ts";
import { formatDateTime } from "#shared/india-time.ts";
import type { Subscriber } from "#schemas/subscription.ts";

export const meta = () => consoleMeta("Subscribers");

const ENDPOINT = "/api/subscribers";
const COUNTS = "/api/subscribers/counts";
const describe = (s: Subscriber) => `subscriber ${s.email}`;
const follows = (s: Subscriber) =>
  s.kind === "blog" ? `Blog, ${s.language}` : s.search ? `Job alert: ${s.search}` : "Job alert: any job";

/** Confirmed and pending subscribers per blog language, and of job alerts. */
function Counts() {
  const query = useQuery({
    queryKey: [COUNTS],
    queryFn: async () => (await call("GET /api/subscribers/counts")).data,
  });
  if (!query.data) return null;
  const cells = [
    ...query.data.blog.map((b) => ({ label: `Blog in ${b.language}`, ...b })),
    { label: "Job alerts", ...query.data.jobs },
  ];
  return (
    <dl aria-label="Subscribers" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {cells.map((c) => (
        <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">{c.label}</dt>
          <dd className="text-2xl font-bold">{c.confirmed}</dd>
          <dd className="text-xs text-slate-600">{c.pending} waiting to confirm</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Blog subscribers and job alerts. Removing one erases it: the address goes, with its trace in the mail log
 * (an erasure request); a subscriber removes themself with the link in every mail.
 */
export default function Subscribers() {
  return (
    <>
      <Counts />
      <ListScreen<Subscriber>
        title="Subscribers"
        endpoint={ENDPOINT}
        dataKey="subscribers"
        describe={describe}
        searchPlaceholder="Search e-mail or job search"
        emptyText="No subscriber matches."
        csvExport
        filters={[
          {
            name: "kind",
            label: "Kind",
            options: [
              { value: "blog", label: "Blog" },
              { value: "jobs", label: "Job alerts" },
            ],
          },
          {
            name: "language",
            label: "Language",
            options: blogLanguages.map((l) => ({ value: l, label: l })),
          },
          {
            name: "status",
            label: "Status",
            options: [
              { value: "confirmed", label: "Confirmed" },
              { value: "pending", label: "Waiting to confirm" },
            ],
          },
        ]}
        remove={{
          noun: "subscriber",
          verb: "remove",
          message: (s) =>
            `Remove ${s.email}? The address is deleted for good, also from the mail log; this cannot be undone.`,
          invalidate: [ENDPOINT, COUNTS],
        }}
        columns={[
          { key: "email", header: "E-mail", primary: true, sortable: true, render: (s) => s.email },
          { key: "language", header: "Follows", sortable: true, render: follows },
          {
            key: "status",
            header: "Status",
            sortable: true,
            render: (s) => (s.status === "confirmed" ? "Confirmed" : "Waiting to confirm"),
          },
          {
            key: "created_at",
            header: "Subscribed",
            sortable: true,
            render: (s) => formatDateTime(s.created_at),
          },
        ]}
      />
    </>
  );
}
