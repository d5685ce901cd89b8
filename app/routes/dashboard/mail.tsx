import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { request } from "#app/lib/dashboard/api.ts";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import { formatDateTime } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { MAIL_FAILURES } from "#app/lib/dashboard/mail-failures.ts";
import { MailAttempts, MailProblem } from "#app/components/dashboard/mail/mail-problem.tsx";
import { mailStatuses, type MailMessage, type MailStatus } from "#schemas/mail.ts";

export const meta = () => consoleMeta("Mail");

const ENDPOINT = "/api/mail";
/** The list asks again this often while the tab is visible: statuses change as the outbox sends. */
const POLL_MS = 5_000;
const statusLabel: Record<MailStatus, string> = {
  pending: "Waiting",
  sent: "Sent",
  logged: "Logged (no mail server set)",
  failed: "Failed",
};
const statusStyle: Record<MailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  logged: "bg-slate-200 text-slate-900",
  failed: "bg-red-100 text-red-900",
};
const describe = (m: MailMessage) => `mail "${m.subject}" to ${m.to}`;

/** Every message the server sends goes through the outbox; an admin sees what failed and sends it again. */
export default function Mail() {
  const retry = useConsoleMutation<MailMessage>({
    request: (m) => request("POST /api/mail/:id/retry", { params: { id: m.id } }),
    success: "The message will be sent again shortly.",
    invalidate: [ENDPOINT, MAIL_FAILURES],
  });
  return (
    <ListScreen<MailMessage>
      title="Mail"
      endpoint={ENDPOINT}
      dataKey="mail"
      describe={describe}
      searchPlaceholder="Search recipient or subject"
      emptyText="No mail matches."
      refetchInterval={POLL_MS}
      filters={[
        {
          name: "status",
          label: "Status",
          options: mailStatuses.map((s) => ({ value: s, label: statusLabel[s] })),
        },
      ]}
      extraRowActions={(m) =>
        m.status === "failed" ? (
          <button
            type="button"
            className={rowActionClass}
            disabled={retry.isPending}
            onClick={() => retry.mutate(m)}
          >
            Retry<span className="sr-only"> {describe(m)}</span>
          </button>
        ) : null
      }
      columns={[
        { key: "created_at", header: "Created", sortable: true, render: (m) => formatDateTime(m.created_at) },
        { key: "to", header: "Recipient", sortable: true, render: (m) => m.to },
        { key: "subject", header: "Subject", primary: true, render: (m) => m.subject },
        {
          key: "status",
          header: "Status",
          sortable: true,
          render: (m) => (
            // A block, so a label that wraps (Logged (no mail server set)) stays one tidy badge.
            <span
              className={`inline-block rounded-xl px-2 py-0.5 text-xs font-semibold ${statusStyle[m.status]}`}
            >
              {statusLabel[m.status]}
            </span>
          ),
        },
        {
          key: "attempts",
          header: "Attempts",
          sortable: true,
          render: (m) => <MailAttempts message={m} />,
        },
        {
          key: "last_error",
          header: "Problem",
          render: (m) => (m.status === "sent" ? "—" : <MailProblem message={m} />),
          className: "max-w-sm break-words",
        },
      ]}
    />
  );
}
