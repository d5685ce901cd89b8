import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field, TextAreaField } from "#app/components/forms/field.tsx";
import { call, request } from "#app/lib/dashboard/api.ts";
import { fieldErrorsOf, useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  replySchema,
  replyStatusLabels,
  type Thread,
  type ThreadMessage,
} from "#schemas/thread.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { Loading } from "../spinner";

/** Whose thread: an enquiry (Enquiries) or an application (Applications). */
export type ThreadKind = "enquiry" | "application";

/** The list each kind's screen reads: a reply refreshes it, and its key prefixes the thread's. */
export const threadEndpoint = (kind: ThreadKind) =>
  kind === "enquiry" ? "/api/contact_requests" : "/api/job_applications";

export const threadKey = (kind: ThreadKind, id: number) => [threadEndpoint(kind), id, "thread"];

const fetchThread = (kind: ThreadKind, id: number) =>
  kind === "enquiry"
    ? call("GET /api/contact_requests/:id/thread", { params: { id } })
    : call("GET /api/job_applications/:id/thread", { params: { id } });

/** An enquiry's or application's thread, refreshed every few seconds while a reply waits in the outbox. */
export function useThread(kind: ThreadKind, id: number) {
  return useQuery({
    queryKey: threadKey(kind, id),
    queryFn: () => fetchThread(kind, id),
    refetchInterval: (q) => (q.state.data?.data.messages.some((m) => m.status === "pending") ? 5_000 : false),
  });
}

const statusTone: Record<NonNullable<ThreadMessage["status"]>, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  logged: "bg-slate-200 text-slate-800",
  failed: "bg-red-100 text-red-900",
};

/** One message: who wrote it and when, its delivery, and its words as text (never as HTML). */
function Message({ message, person }: { message: ThreadMessage; person: string }) {
  const mine = message.direction === "out";
  return (
    <li
      className={`rounded-lg p-3 ${mine ? "border border-brand-100 bg-brand-50 sm:ml-8" : "bg-slate-50 sm:mr-8"}`}
      aria-label={mine ? `Reply from ${message.author}` : `Message from ${person}`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="font-medium text-slate-800">{mine ? `Reply from ${message.author}` : person}</span>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {message.status && (
          <span className={`rounded-full px-2 py-0.5 font-medium ${statusTone[message.status]}`}>
            {replyStatusLabels[message.status]}
          </span>
        )}
      </p>
      {mine && (
        <p className="mt-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">{message.subject}</p>
      )}
      <p className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{message.body}</p>
      {message.status === "failed" && (
        <p className="mt-1 text-xs text-red-800">
          The mail server did not take it. An administrator can send it again from the Mail screen.
        </p>
      )}
    </li>
  );
}

/** The person's message first, then each reply in the order it was sent. */
export function ThreadMessages({ thread, person }: { thread: Thread; person: string }) {
  return (
    <ol className="mt-1 space-y-2" aria-label="Messages, oldest first">
      {thread.messages.map((m) => (
        <Message key={`${m.direction}-${m.id}`} message={m} person={person} />
      ))}
    </ol>
  );
}

/** The subject and body of a mail to the person, checked with the shared schema; names its fields by `name`. */
export function MailFields({
  name,
  value,
  onChange,
  errors,
}: {
  name: string;
  value: { subject: string; body: string };
  onChange: (value: { subject: string; body: string }) => void;
  errors: Record<string, string>;
}) {
  return (
    <div className="space-y-3">
      <Field
        label="Subject"
        name={`${name}-subject`}
        value={value.subject}
        maxLength={REPLY_SUBJECT_MAX}
        required
        error={errors.subject}
        onChange={(e) => onChange({ ...value, subject: e.target.value })}
      />
      <TextAreaField
        label="Message"
        name={`${name}-body`}
        rows={7}
        value={value.body}
        maxLength={REPLY_BODY_MAX}
        required
        hint="Their own message is quoted below yours in the mail."
        error={errors.body}
        onChange={(e) => onChange({ ...value, body: e.target.value })}
      />
    </div>
  );
}

/** What the shared schema says of a mail before it is sent, by field. */
export function mailProblems(value: { subject: string; body: string }): Record<string, string> {
  const checked = replySchema.safeParse(value);
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
}

function ReplyForm({
  kind,
  id,
  thread,
  onSent,
}: {
  kind: ThreadKind;
  id: number;
  thread: Thread;
  onSent?: () => void;
}) {
  const [value, setValue] = useState(thread.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useConsoleMutation<void>({
    request: () =>
      kind === "enquiry"
        ? request("POST /api/contact_requests/:id/replies", { params: { id }, body: value })
        : request("POST /api/job_applications/:id/replies", { params: { id }, body: value }),
    success: `Reply queued for ${thread.to}.`,
    invalidate: [threadEndpoint(kind)],
    onSuccess: () => {
      setValue(thread.draft);
      setErrors({});
      onSent?.();
    },
  });
  return (
    <form
      className="mt-3 rounded-lg border border-slate-200 p-3"
      aria-labelledby={`${kind}-reply-heading`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problems = mailProblems(value);
        setErrors(problems);
        if (Object.keys(problems).length === 0)
          send.mutate(undefined, { onError: (error) => setErrors(fieldErrorsOf(error)) });
      }}
    >
      <h4 id={`${kind}-reply-heading`} className="mb-2 font-medium text-slate-800 [overflow-wrap:anywhere]">
        Reply to {thread.to}
      </h4>
      <MailFields name="reply" value={value} onChange={setValue} errors={errors} />
      <button type="submit" className="btn-primary mt-3" disabled={send.isPending}>
        {send.isPending ? "Sending…" : "Send reply"}
      </button>
    </form>
  );
}

/** The thread of an enquiry or application and, unless `closed`, a form to answer the person from the console. */
export function ReplyThread({
  kind,
  id,
  person,
  closed,
  onSent,
}: {
  kind: ThreadKind;
  id: number;
  person: string;
  closed?: string;
  /** After a reply is queued (an enquiry's form shows its new status). */
  onSent?: () => void;
}) {
  const query = useThread(kind, id);
  const thread = query.data?.data;
  return (
    <section aria-labelledby={`${kind}-thread-heading`}>
      <h3 id={`${kind}-thread-heading`} className="text-sm font-medium text-slate-500">
        Conversation
      </h3>
      {!thread ? (
        <Loading
          label="Loading the conversation…"
          failed={query.isError}
          failure="Could not load the conversation."
        />
      ) : (
        <>
          <ThreadMessages thread={thread} person={person} />
          {closed ? (
            <p className="mt-2 text-slate-600">{closed}</p>
          ) : (
            <ReplyForm kind={kind} id={id} thread={thread} onSent={onSent} />
          )}
        </>
      )}
    </section>
  );
}
