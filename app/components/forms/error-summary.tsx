import { useEffect, useRef } from "react";
import { fieldId, RequiredNote } from "./field";
import type { FieldErrors, FormAnswer } from "./validate";

/**
 * The top of a refused form: its own message, then each field's message as a link to that field, in the form's
 * order. It takes focus when it appears (also on a page the server drew after a post without script), so a
 * screen reader reads it and the keyboard goes on from there; give it a new `key` for each refusal.
 */
export function ErrorSummary({
  title,
  errors,
  labels,
  message,
  messageLang,
  className = "",
}: {
  title: string;
  errors: FieldErrors;
  /** Each field's label, in the form's order; a field not named here is left to `message`. */
  labels: Record<string, string>;
  message?: string;
  /** The message's language when it is not the page's (the API words its refusals in English). */
  messageLang?: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const fields = Object.keys(labels).filter((name) => errors[name]);
  const shown = fields.length > 0 || Boolean(message);
  // React focuses only form controls for autoFocus; the attribute serves the page drawn without script.
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      autoFocus
      className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 outline-none focus:ring-2 focus:ring-red-600 ${className}`}
    >
      <p className="font-semibold">{title}</p>
      {message ? (
        <p className="mt-1" lang={messageLang}>
          {message}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {fields.map((name) => (
            <li key={name}>
              <a
                href={`#${fieldId(name)}`}
                className="font-medium underline"
                // The fragment scrolls; the field takes the focus too, so typing starts there.
                onClick={() => document.getElementById(fieldId(name))?.focus()}
              >
                {labels[name]}: {errors[name]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A public form's top row: the note on the asterisk, then the summary of its latest refusal (`attempt`). */
export function FormTop({
  attempt,
  title,
  answer,
  labels,
}: {
  attempt: number;
  title: string;
  answer: Omit<FormAnswer, "values">;
  labels: Record<string, string>;
}) {
  return (
    <>
      <RequiredNote className="sm:col-span-2" />
      <ErrorSummary
        key={attempt}
        title={title}
        errors={answer.errors}
        labels={labels}
        message={answer.message}
        className="sm:col-span-2"
      />
    </>
  );
}
