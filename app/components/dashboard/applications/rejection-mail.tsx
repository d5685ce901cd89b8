import { useState } from "react";
import type { Reply } from "#schemas/thread.ts";
import { Loading } from "../spinner";
import { MailFields, mailProblems, useThread } from "../threads/reply-thread";

/**
 * The "thank you / not this time" mail offered on Reject: filled in by the server with the candidate's first
 * name and the job, editable, and sent only if the operator leaves it ticked.
 */
export function useRejectionMail(id: number) {
  const thread = useThread("application", id);
  const [send, setSend] = useState(true);
  const [edited, setEdited] = useState<Reply | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = edited ?? thread.data?.data.rejection ?? null;
  return {
    send,
    setSend,
    value,
    setValue: setEdited,
    errors,
    failed: thread.isError,
    /** The mail to send with the rejection, `undefined` for none; `false` while it cannot go (errors shown). */
    check(): Reply | undefined | false {
      if (!send) return undefined;
      if (!value) return false;
      const problems = mailProblems(value);
      setErrors(problems);
      return Object.keys(problems).length ? false : value;
    },
  };
}

export type RejectionMail = ReturnType<typeof useRejectionMail>;

export function RejectionMailFields({ mail, name }: { mail: RejectionMail; name: string }) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Mail to the candidate</legend>
      <div className="flex items-start gap-3">
        <input
          id={`${name}-send`}
          type="checkbox"
          checked={mail.send}
          onChange={(e) => mail.setSend(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={`${name}-send`} className="text-sm text-slate-700">
          Send the candidate a &ldquo;thank you, not this time&rdquo; mail
        </label>
      </div>
      {mail.send &&
        (mail.value ? (
          <MailFields name={name} value={mail.value} onChange={mail.setValue} errors={mail.errors} />
        ) : (
          <Loading
            label="Loading the mail…"
            failed={mail.failed}
            failure="Could not load the mail. Untick it to reject without one."
          />
        ))}
    </fieldset>
  );
}
