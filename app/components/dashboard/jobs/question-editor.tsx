import { useEffect, useRef } from "react";
import {
  MAX_JOB_QUESTIONS,
  questionTypeLabels,
  type JobQuestion,
  type QuestionType,
} from "#schemas/job-answers.ts";
import { Field, optionsOf, SelectField, TextAreaField } from "../field";

/** A question as the editor holds it: choices as lines of text, and a key of its own for React and focus. */
export interface QuestionDraft {
  key: string;
  id?: string;
  label: string;
  type: QuestionType;
  required: boolean;
  choices: string;
}

let drafted = 0;
const newKey = () => `q${++drafted}`;

export const toDrafts = (questions: readonly JobQuestion[]): QuestionDraft[] =>
  questions.map((q) => ({ ...q, key: newKey(), choices: q.choices.join("\n") }));

/** The request body's questions: ids kept (answers stay matched), choices only for a one-choice question. */
export const fromDrafts = (drafts: readonly QuestionDraft[]) =>
  drafts.map(({ id, label, type, required, choices }) => ({
    ...(id ? { id } : {}),
    label,
    type,
    required,
    choices:
      type === "choice"
        ? choices
            .split("\n")
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
  }));

/**
 * The application form's questions of a job: up to five, each added, removed and moved up or down with
 * buttons (the focus stays on the moved question's button).
 */
export function QuestionEditor({
  value,
  onChange,
  errors,
}: {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  errors: Record<string, string>;
}) {
  const root = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    root.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(value.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const move = (index: number, step: -1 | 1) => {
    const next = [...value];
    const [q] = next.splice(index, 1);
    next.splice(index + step, 0, q!);
    // At the top or bottom the button it used is gone: the other one of the pair takes the focus.
    const edge = index + step === 0 || index + step === value.length - 1;
    const button = edge ? (step === -1 ? "down" : "up") : step === -1 ? "up" : "down";
    focusNext.current = `[data-question="${q!.key}"] [data-move="${button}"]`;
    onChange(next);
  };
  const remove = (index: number) => {
    const neighbour = value[index + 1] ?? value[index - 1];
    focusNext.current = neighbour ? `[data-question="${neighbour.key}"] input` : "[data-add-question]";
    onChange(value.filter((_, i) => i !== index));
  };
  const add = () => {
    const key = newKey();
    focusNext.current = `[data-question="${key}"] input`;
    onChange([...value, { key, label: "", type: "text", required: false, choices: "" }]);
  };
  const listError = errors.questions;
  return (
    <fieldset ref={root} className="sm:col-span-2" aria-describedby="job-questions-hint">
      <legend className="text-sm font-medium text-slate-700">Questions for candidates</legend>
      <p id="job-questions-hint" className="text-xs text-slate-500">
        Up to {MAX_JOB_QUESTIONS}, asked on the application form in this order.
      </p>
      {listError ? <p className="mt-1 text-sm text-red-700">{listError}</p> : null}
      <ol className="mt-2 space-y-3">
        {value.map((q, i) => {
          const name = (field: string) => `questions.${i}.${field}`;
          return (
            <li key={q.key} data-question={q.key} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-navy-900">Question {i + 1}</h3>
                {/* Words, not icons: icons used here regrouped the shared icon chunks and grew public pages. */}
                <div className="flex gap-1">
                  {i > 0 ? (
                    <button
                      type="button"
                      data-move="up"
                      className="btn-secondary px-3"
                      aria-label={`Move question ${i + 1} up`}
                      onClick={() => move(i, -1)}
                    >
                      Up
                    </button>
                  ) : null}
                  {i < value.length - 1 ? (
                    <button
                      type="button"
                      data-move="down"
                      className="btn-secondary px-3"
                      aria-label={`Move question ${i + 1} down`}
                      onClick={() => move(i, 1)}
                    >
                      Down
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn-secondary px-3 text-red-700"
                    aria-label={`Remove question ${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_12rem]">
                <Field
                  label="Question"
                  name={name("label")}
                  value={q.label}
                  maxLength={200}
                  error={errors[name("label")]}
                  onChange={(e) => change(i, { label: e.target.value })}
                />
                <SelectField
                  label="Answer"
                  name={name("type")}
                  value={q.type}
                  options={optionsOf(questionTypeLabels)}
                  error={errors[name("type")]}
                  onChange={(e) => change(i, { type: e.target.value as QuestionType })}
                />
              </div>
              {q.type === "choice" ? (
                <div className="mt-3">
                  <TextAreaField
                    label="Choices"
                    hint="One per line, at least two"
                    name={name("choices")}
                    rows={3}
                    value={q.choices}
                    error={
                      errors[name("choices")] ??
                      Object.entries(errors).find(([k]) => k.startsWith(`${name("choices")}.`))?.[1]
                    }
                    onChange={(e) => change(i, { choices: e.target.value })}
                  />
                </div>
              ) : null}
              <label className="mt-3 inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={q.required}
                  onChange={(e) => change(i, { required: e.target.checked })}
                  className="size-4 accent-brand-700"
                />
                Required
              </label>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        data-add-question
        className="btn-secondary mt-3"
        disabled={value.length >= MAX_JOB_QUESTIONS}
        onClick={add}
      >
        {value.length >= MAX_JOB_QUESTIONS ? `${MAX_JOB_QUESTIONS} questions (the most)` : "Add a question"}
      </button>
    </fieldset>
  );
}
