import { useState } from "react";
import { request } from "#app/lib/dashboard/api.ts";
import { PhoneLink } from "#app/components/dashboard/contact-links.tsx";
import { memberColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { StatusSelect } from "#app/components/dashboard/kit/status-select.tsx";
import { useOptimisticStatus } from "#app/components/dashboard/kit/use-optimistic-status.ts";
import {
  addedFrom,
  addedTo,
  feedbackKindLabel,
  feedbackKindOptions,
  feedbackStatusLabel,
  feedbackStatusOptions,
} from "#app/components/dashboard/logistics/options.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { Chip, TextAreaField } from "#app/components/dashboard/logistics/ui.tsx";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { fieldErrorsOf, useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import type { FeedbackItem } from "#schemas/logistics.ts";

export const meta = () => consoleMeta("Feedback & Complaints");

const ENDPOINT = "/api/feedback";
const statusTone = { open: "amber", in_progress: "sky", resolved: "green" } as const;
const next: Record<FeedbackItem["status"], FeedbackItem["status"] | null> = {
  open: "in_progress",
  in_progress: "resolved",
  resolved: null,
};

// The feedback list answers the spec's shape: an array whose first item holds `feedback`.
const selectFeedback = (answer: unknown) => {
  const first = (
    answer as { feedback: FeedbackItem[]; total_no_of_data: number; total_capped?: boolean }[]
  )[0];
  return { rows: first?.feedback ?? [], total: first?.total_no_of_data ?? 0, capped: first?.total_capped };
};

const describe = (f: FeedbackItem) =>
  `${feedbackKindLabel[f.kind].toLowerCase()} ${f.id}${f.member_name ? ` from ${f.member_name}` : ""}`;

const statusSelectTone: Record<FeedbackItem["status"], string> = {
  open: "bg-amber-100 text-amber-900",
  in_progress: "bg-sky-100 text-sky-900",
  resolved: "bg-green-100 text-green-900",
};

export default function FeedbackComplaints() {
  const setStatus = useOptimisticStatus<FeedbackItem["status"]>({
    endpoint: ENDPOINT,
    label: (s) => feedbackStatusLabel[s],
  });
  return (
    <ListScreen<FeedbackItem>
      title="Feedback & Complaints"
      endpoint={ENDPOINT}
      select={selectFeedback}
      describe={describe}
      searchPlaceholder="Search the message or reply"
      csvExport
      emptyText="No feedback matches."
      bulkDelete={{ noun: "item", rowId: (f) => f.id, allMatching: true }}
      filters={[
        { name: "kind", label: "Kind", options: feedbackKindOptions },
        { name: "status", label: "Status", options: feedbackStatusOptions },
        addedFrom,
        addedTo,
      ]}
      editText="Review"
      form={(f, close) => f && <ReviewModal item={f} onClose={close} />}
      remove={{ noun: "feedback" }}
      columns={[
        timeColumn("created_at", "Received", formatDateTime),
        {
          key: "kind",
          header: "Kind",
          sortable: true,
          render: (f) => (
            <Chip tone={f.kind === "complaint" ? "red" : "sky"}>{feedbackKindLabel[f.kind]}</Chip>
          ),
        },
        { ...memberColumn<FeedbackItem>(), primary: true },
        {
          key: "text",
          header: "Message",
          className: "max-w-md",
          render: (f) => <span className="line-clamp-2">{f.text}</span>,
        },
        {
          key: "status",
          header: "Status",
          sortable: true,
          // The next step is offered in place (resolving needs the reply note written in Review first);
          // the new status shows at once and goes back if the server refuses it.
          render: (f) => {
            const following = next[f.status];
            const offered = following && (following !== "resolved" || f.reply.trim()) ? following : null;
            if (!offered) return <Chip tone={statusTone[f.status]}>{feedbackStatusLabel[f.status]}</Chip>;
            return (
              <StatusSelect
                label={`Status of ${describe(f)}`}
                value={f.status}
                options={[f.status, offered]}
                labels={feedbackStatusLabel}
                tone={statusSelectTone[f.status]}
                onChange={(status) =>
                  setStatus.mutate({ id: f.id, status, from: f.status, name: describe(f) })
                }
              />
            );
          },
        },
      ]}
    />
  );
}

const steps: FeedbackItem["status"][] = ["open", "in_progress", "resolved"];

/** Review moves open → in progress → resolved; resolving needs a reply note. */
function ReviewModal({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const [reply, setReply] = useState(item.reply);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<{ status?: FeedbackItem["status"]; reply: string }>({
    request: (body) => request("PATCH /api/feedback/:id", { params: { id: item.id }, body }),
    success: "Review saved.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  const submit = (status?: FeedbackItem["status"]) => {
    if (status === "resolved" && !reply.trim())
      return setErrors({ reply: "Write a reply note before resolving." });
    setErrors({});
    save.mutate({ ...(status ? { status } : {}), reply }, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  const following = next[item.status];
  return (
    <Modal
      open
      onClose={onClose}
      title={`Review ${feedbackKindLabel[item.kind].toLowerCase()}`}
      kind="feedback"
      busy={save.isPending}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="button" className="btn-secondary" onClick={() => submit()} disabled={save.isPending}>
            Save reply
          </button>
          {following ? (
            <button
              type="button"
              className="btn-primary"
              onClick={() => submit(following)}
              disabled={save.isPending}
            >
              {save.isPending ? <Spinner /> : null}{" "}
              {following === "in_progress" ? "Start work" : "Mark resolved"}
            </button>
          ) : null}
        </>
      }
    >
      <ol className="mb-5 flex items-center gap-2 text-xs font-semibold" aria-label="Review progress">
        {steps.map((s, i) => (
          <li
            key={s}
            className="flex items-center gap-2"
            aria-current={s === item.status ? "step" : undefined}
          >
            <span
              className={`rounded-full px-2.5 py-1 ${steps.indexOf(item.status) >= i ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-600"}`}
            >
              {feedbackStatusLabel[s]}
            </span>
            {i < steps.length - 1 ? (
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-500">
        {item.member_name || "Unknown member"}{" "}
        {item.contact_no ? (
          <>
            · <PhoneLink phone={item.contact_no} />
          </>
        ) : null}{" "}
        · {formatDateTime(item.created_at)}
      </p>
      <p className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-900">
        {item.text}
      </p>
      <div className="mt-5">
        <TextAreaField
          label="Reply note"
          name="feedback-reply"
          value={reply}
          error={errors.reply}
          onChange={(e) => setReply(e.target.value)}
          rows={4}
        />
      </div>
    </Modal>
  );
}
