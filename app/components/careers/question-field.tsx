import { answerField, MAX_ANSWER_LENGTH, YES_NO, type JobQuestion } from "#schemas/job-answers.ts";

/**
 * One of the job's questions on the application form, as plain form controls (it works without JavaScript):
 * a text input, or a group of radio buttons for yes/no and one-choice questions.
 */
export function QuestionField({
  question: q,
  fieldId,
  value,
  error,
  inputClass,
}: {
  question: JobQuestion;
  fieldId: (name: string) => string;
  /** The answer as sent, when a refused form comes back. */
  value?: string;
  error?: string;
  inputClass: string;
}) {
  const name = answerField(q.id);
  const errorId = `${fieldId(name)}-error`;
  const required = q.required ? (
    <span aria-hidden="true" className="text-red-700">
      {" "}
      *
    </span>
  ) : null;
  const message = error ? (
    <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
  if (q.type === "text")
    return (
      <div className="sm:col-span-2">
        <label htmlFor={fieldId(name)} className="text-sm font-semibold text-navy-900">
          {q.label}
          {required}
        </label>
        <input
          id={fieldId(name)}
          name={name}
          type="text"
          maxLength={MAX_ANSWER_LENGTH}
          autoComplete="off"
          defaultValue={value}
          required={q.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        {message}
      </div>
    );
  const options = q.type === "yes_no" ? YES_NO : q.choices;
  return (
    <fieldset
      className="sm:col-span-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-semibold text-navy-900">
        {q.label}
        {required}
      </legend>
      <div className={`mt-2 flex gap-x-6 gap-y-2 ${q.type === "yes_no" ? "flex-wrap" : "flex-col"}`}>
        {options.map((option, i) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              // The first option carries the field's id: an error moves the focus there.
              id={i === 0 ? fieldId(name) : undefined}
              type="radio"
              name={name}
              value={option}
              defaultChecked={value === option}
              required={q.required}
              className="size-5 shrink-0 accent-brand-700"
            />
            {option}
          </label>
        ))}
      </div>
      {message}
    </fieldset>
  );
}
