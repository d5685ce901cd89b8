import { useState, type FormEvent, type ReactNode } from "react";
import type { FormAnswer } from "../forms/validate";

export const SUBSCRIPTION_FIELDS = ["email", "kind", "language", "search"] as const;
export type SubscriptionField = (typeof SUBSCRIPTION_FIELDS)[number];
/** The /subscribe action's answer: accepted (one message for everyone), or the form again with what to fix. */
export type SubscriptionAnswer = { sent: string } | FormAnswer<SubscriptionField>;

const NOT_SENT = "Your subscription could not be sent. Please try again.";

/** What the form shows: the accepted answer, or the address as typed with the one thing to fix. */
type Shown = { sent: string } | { email: string; error?: string };

/** A refusal's message for the form: its field's first, else the answer's own. */
const firstProblem = (answer: { message?: string; errors?: Record<string, string> }) =>
  Object.values(answer.errors ?? {})[0] ?? answer.message ?? NOT_SENT;

const shownOf = (answer?: SubscriptionAnswer): Shown | undefined =>
  answer && ("sent" in answer ? answer : { email: answer.values.email, error: firstProblem(answer) });

/**
 * E-mail and one button. With JavaScript it posts to the API and answers in place; without, it posts to
 * /subscribe, whose action sends it to the same route and answers with the same words. `hidden` says what is
 * followed (blog language, job search). Plain fetch, no router fetcher: public pages stay small.
 */
export function SubscriptionForm({
  id,
  hidden,
  answer,
  button,
  children,
}: {
  /** Unique on the page: the field ids derive from it. */
  id: string;
  hidden: Partial<Record<SubscriptionField, string>>;
  answer?: SubscriptionAnswer;
  button: string;
  /** Controls before the e-mail (the blog list's language choice). */
  children?: ReactNode;
}) {
  const [result, setResult] = useState(() => shownOf(answer));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const body = Object.fromEntries(
      [...SUBSCRIPTION_FIELDS, "url_hp"].map((name) => [name, form.get(name)]).filter(([, v]) => v),
    );
    setBusy(true);
    try {
      const res = await fetch("/api/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as {
        message?: string;
        errors?: Record<string, string>;
      };
      setResult(res.ok ? { sent: json.message ?? NOT_SENT } : { email, error: firstProblem(json) });
    } catch {
      setResult({ email, error: NOT_SENT });
    } finally {
      setBusy(false);
    }
  }

  if (result && "sent" in result)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
        {result.sent}
      </p>
    );
  const error = result?.error;
  const errorId = `${id}-error`;
  return (
    <form method="post" action="/subscribe" noValidate onSubmit={submit} className="flex flex-col gap-3">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Honeypot: people never see it. */}
      <input
        type="text"
        name="url_hp"
        tabIndex={-1}
        autoComplete="off"
        className="hidden"
        aria-hidden="true"
      />
      {children}
      <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-700">
        Your e-mail address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          defaultValue={result?.email ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {button}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
