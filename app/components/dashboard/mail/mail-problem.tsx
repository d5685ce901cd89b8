import { formatDateTime } from "#shared/india-time.ts";
import type { MailAttempt, MailMessage } from "#schemas/mail.ts";

const outcomeLabel: Record<MailAttempt["outcome"], string> = {
  sent: "Sent",
  logged: "Logged (no mail server set)",
  failed: "Failed",
};

/** A message's last error in words, what to do, and the server's own words a click away. */
export function MailProblem({ message }: { message: MailMessage }) {
  const explained = message.error_explained;
  if (!explained || !message.last_error) return <span>—</span>;
  return (
    <div className="grid gap-1">
      <p className="font-semibold text-red-900">{explained.summary}</p>
      <p className="text-slate-700">{explained.advice}</p>
      <details className="text-slate-600">
        <summary className="cursor-pointer underline">The server's words</summary>
        <code className="mt-1 block break-words whitespace-pre-wrap text-xs">{message.last_error}</code>
      </details>
    </div>
  );
}

/** Every attempt to send the message, oldest first, across every Retry. */
export function MailAttempts({ message }: { message: MailMessage }) {
  const history = message.attempt_history;
  if (history.length === 0) return <span>{message.attempts}</span>;
  return (
    <details>
      <summary className="cursor-pointer underline">
        {history.length === 1 ? "1 attempt" : `${history.length} attempts`}
      </summary>
      <ol className="mt-1 grid gap-1 text-xs">
        {history.map((attempt, i) => (
          <li key={i}>
            <span className="font-semibold">{formatDateTime(attempt.at)}</span> —{" "}
            {outcomeLabel[attempt.outcome]}
            {attempt.error ? <span className="block break-words text-slate-600">{attempt.error}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
