import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { answerField, checkAnswers, type JobQuestion } from "../../../schemas/job-answers";
import { QuestionField } from "./question-field";

/** What a form post without JavaScript comes back with (`?error=`), as the page says it. */
export const APPLICATION_ERRORS: Record<string, { field?: string; message: string }> = {
  first_name: {
    field: "first_name",
    message: "Enter your first name: one line of at most 100 characters, without web or e-mail addresses.",
  },
  last_name: {
    field: "last_name",
    message: "Enter your last name: one line of at most 100 characters, without web or e-mail addresses.",
  },
  email: { field: "email", message: "Enter a valid e-mail address, e.g. name@example.com." },
  phone: {
    field: "phone",
    message:
      "Enter a 10-digit Indian mobile number (98765 43210) or an international number starting with +.",
  },
  cv: {
    field: "cv",
    message:
      "Attach your CV as a PDF or Word (.docx) document of at most 5 MB. Documents with macros, scripts or other file types are not accepted.",
  },
  cover_note: { field: "cover_note", message: "The cover note must be at most 4,000 characters." },
  profile_url: { field: "profile_url", message: "Enter a full address starting with https://." },
  city: { field: "city", message: "City must be one line of at most 100 characters." },
  notice_period: {
    field: "notice_period",
    message: "Notice period must be one line of at most 100 characters.",
  },
  consent_processing: {
    field: "consent_processing",
    message: "Please agree to the processing of your application.",
  },
  too_large: { field: "cv", message: "The CV must be 5 MB or smaller." },
  too_many: {
    message:
      "We have received too many applications or too much data from your address in the last hour. Please wait a while and try again.",
  },
  closed: { message: "Applications for this job are closed: the position is no longer open." },
  invalid: { message: "Your application could not be sent. Check the fields and try again." },
};

/** The page's message for `?error=`: one of the form's own, or a question of the job's. */
function initialErrorOf(code: string | null): { field?: string; message: string } | undefined {
  if (!code) return undefined;
  if (code.startsWith("answer_")) return { field: code, message: "Answer this question." };
  return APPLICATION_ERRORS[code];
}

type Errors = Record<string, string>;
/** The server's limit (domain/careers/cv-file.ts MAX_CV_BYTES), checked here so a large file is not sent in vain. */
const MAX_CV_BYTES = 5 * 1024 * 1024;
const NETWORK_ERROR = "We could not send your application. Check your connection and try again.";
const FIELDS_BEFORE_QUESTIONS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "cv",
  "cover_note",
  "profile_url",
  "city",
  "notice_period",
];

/**
 * The job application: a plain multipart form post that works without JavaScript (the API redirects to
 * the confirmation page or back here with `?error=`); with JavaScript it is sent in the background with
 * upload progress and the API's field messages shown inline.
 */
export function ApplicationForm({
  jobId,
  jobTitle,
  retentionDays,
  keepDays,
  questions,
  initialError,
}: {
  jobId: number;
  jobTitle: string;
  retentionDays: number;
  keepDays: number;
  questions: readonly JobQuestion[];
  initialError: string | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const known = initialErrorOf(initialError);
  const fieldOrder = [
    ...FIELDS_BEFORE_QUESTIONS,
    ...questions.map((q) => answerField(q.id)),
    "consent_processing",
  ];
  const [errors, setErrors] = useState<Errors>(known?.field ? { [known.field]: known.message } : {});
  const [formError, setFormError] = useState<string | null>(known && !known.field ? known.message : null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = useRef(false);
  const action = `/api/jobs/${jobId}/applications`;
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const data = new FormData(event.currentTarget);
    const cv = data.get("cv");
    // What can be told without the server: a CV over the limit, a required question left unanswered.
    const local = checkAnswers(questions, (name) => data.get(name)?.toString()).errors;
    if (cv instanceof File && cv.size > MAX_CV_BYTES) local.cv = APPLICATION_ERRORS.too_large!.message;
    if (Object.keys(local).length > 0) {
      setFormError(null);
      setErrors(local);
      const first = fieldOrder.find((name) => local[name]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    busy.current = true;
    setFormError(null);
    setProgress(0);
    const request = new XMLHttpRequest();
    request.open("POST", action);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    const done = () => {
      busy.current = false;
      setProgress(null);
    };
    request.onerror = () => {
      done();
      setFormError(NETWORK_ERROR);
    };
    request.onload = () => {
      done();
      let body: { message?: string; errors?: Errors; data?: { redirect?: string } } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // An answer that is not ours (a proxy's page): the generic message below.
      }
      if (request.status === 201 && body.data?.redirect) {
        void navigate(body.data.redirect);
        return;
      }
      const fields: Errors = {};
      for (const [key, message] of Object.entries(body.errors ?? {}))
        if (fieldOrder.includes(key)) fields[key] = message;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(body.message ?? NETWORK_ERROR);
      const first = fieldOrder.find((name) => fields[name]);
      if (first) document.getElementById(fieldId(first))?.focus();
    };
    request.send(data);
  }

  const inputClass = (name: string) =>
    `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${
      errors[name] ? "border-red-600" : "border-slate-300"
    }`;
  const a11y = (name: string, required = false) => ({
    id: fieldId(name),
    name,
    "aria-required": required || undefined,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? errorId(name) : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={errorId(name)} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: string, text: ReactNode, required = false) => (
    <label htmlFor={fieldId(name)} className="text-sm font-semibold text-navy-900">
      {text}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      )}
    </label>
  );
  const text = (
    name: string,
    title: string,
    options: { type?: string; autoComplete?: string; required?: boolean; wide?: boolean } = {},
  ) => (
    <div className={options.wide ? "sm:col-span-2" : undefined}>
      {label(name, title, options.required)}
      <input
        {...a11y(name, options.required)}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete ?? "off"}
        className={inputClass(name)}
      />
      {error(name)}
    </div>
  );

  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-labelledby="apply-heading"
    >
      <p className="text-sm text-slate-600 sm:col-span-2">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {formError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-2"
        >
          {formError}
        </p>
      )}
      {text("first_name", "First name", { autoComplete: "given-name", required: true })}
      {text("last_name", "Last name", { autoComplete: "family-name", required: true })}
      {text("email", "E-mail", { type: "email", autoComplete: "email", required: true })}
      {text("phone", "Phone", { type: "tel", autoComplete: "tel", required: true })}
      <div className="sm:col-span-2">
        {label("cv", "CV (PDF or Word .docx, at most 5 MB)", true)}
        <input
          {...a11y("cv", true)}
          type="file"
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className={`${inputClass("cv")} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
        {error("cv")}
      </div>
      <div className="sm:col-span-2">
        {label("cover_note", "Cover note")}
        <textarea {...a11y("cover_note")} rows={5} maxLength={4000} className={inputClass("cover_note")} />
        {error("cover_note")}
      </div>
      {text("profile_url", "LinkedIn or portfolio address", { type: "url", autoComplete: "url", wide: true })}
      {text("city", "Current city", { autoComplete: "address-level2" })}
      {text("notice_period", "Notice period")}
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          fieldId={fieldId}
          error={errors[answerField(q.id)]}
          inputClass={inputClass(answerField(q.id))}
        />
      ))}
      <div className="space-y-3 sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            {...a11y("consent_processing", true)}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={fieldId("consent_processing")} className="text-sm text-slate-700">
            I agree that my application and CV are processed to consider me for {jobTitle}, as described in
            the{" "}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              privacy policy
            </Link>
            . Unless I agree below, they are anonymised {retentionDays} days after my application is decided
            or the position closes.
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          </label>
        </div>
        {error("consent_processing")}
        <div className="flex items-start gap-3">
          <input
            id={fieldId("keep_cv")}
            name="keep_cv"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={fieldId("keep_cv")} className="text-sm text-slate-700">
            Optional: keep my CV and details for future openings for up to {keepDays} days (see the{" "}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              privacy policy
            </Link>
            ).
          </label>
        </div>
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are turned away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={fieldId("url_hp")}>Leave this field empty</label>
        <input id={fieldId("url_hp")} name="url_hp" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={progress !== null}>
          {progress === null ? "Send application" : `Sending… ${progress}%`}
        </button>
        {progress !== null && (
          <progress className="mt-3 block w-full" max={100} value={progress} aria-label="Upload progress" />
        )}
      </div>
    </form>
  );
}
