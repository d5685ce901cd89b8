import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { CV_TOO_LARGE, MAX_CV_BYTES } from "#schemas/cv-limits.ts";
import { answerField, checkAnswers, type JobQuestion } from "#schemas/job-answers.ts";
import { FormTop } from "../forms/error-summary";
import { CheckboxField, controlClass, Field, fieldId, Honeypot, TextAreaField } from "../forms/field";
import { refusalOf, type FormAnswer } from "../forms/validate";
import type { APPLICATION_LABELS } from "./application-fields";
import { applicationApiPath, applicationLabels, NETWORK_ERROR, readApplication } from "./application-fields";
import { QuestionField } from "./question-field";
import { GENERAL_APPLICATION_PATH, jobPath } from "#shared/paths.ts";
import { SITE_NAME } from "#shared/site.ts";

const CV_AGAIN = (name: string) =>
  `You chose “${name}”: choose it again, as a file is not kept when the form comes back.`;

/**
 * The job application, a multipart form with the CV; with `jobId` null, the general application (no job, no
 * questions), which posts to its own page and API route and is otherwise the same form. Without JavaScript it posts to the job page, whose action
 * checks it with the API's schema and sends it to the API; with JavaScript it is sent to the API in the
 * background with upload progress. Either way a refusal shows the API's messages, the form filled in, and an
 * error summary at the top that links to each field.
 */
export function ApplicationForm({
  jobId,
  jobTitle,
  retentionDays,
  keepDays,
  questions,
  answer,
}: {
  jobId: number | null;
  /** The job's title; for the general application, null. */
  jobTitle: string | null;
  retentionDays: number;
  keepDays: number;
  questions: readonly JobQuestion[];
  /** The page's action's answer to a post without JavaScript. */
  answer?: FormAnswer;
}) {
  const navigate = useNavigate();
  const labels = applicationLabels(questions);
  const fields = Object.keys(labels);
  const [state, setState] = useState<FormAnswer>(answer ?? { values: {}, errors: {} });
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = useRef(false);
  const { values, errors } = state;
  // Only a page the server drew after a post lost the chosen file.
  const cvAgain = answer && answer === state && values.cv ? CV_AGAIN(values.cv) : undefined;

  const refuse = (data: FormData, refusal: Omit<FormAnswer, "values">) => {
    setState({ values: readApplication(data, questions), ...refusal });
    setAttempt((n) => n + 1);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const data = new FormData(event.currentTarget);
    const cv = data.get("cv");
    // What can be told without the server: a CV over the limit, a required question left unanswered.
    const local = checkAnswers(questions, (name) => data.get(name)?.toString()).errors;
    if (cv instanceof File && cv.size > MAX_CV_BYTES) local.cv = CV_TOO_LARGE;
    if (Object.keys(local).length > 0) return refuse(data, { errors: local });
    busy.current = true;
    setProgress(0);
    const request = new XMLHttpRequest();
    request.open("POST", applicationApiPath(jobId));
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
      refuse(data, { errors: {}, message: NETWORK_ERROR });
    };
    request.onload = () => {
      done();
      let body: { message?: string; errors?: Record<string, string>; data?: { redirect?: string } } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // An answer that is not ours (a proxy's page): the generic message below.
      }
      if (request.status === 201 && body.data?.redirect) return void navigate(body.data.redirect);
      refuse(data, refusalOf(body, fields, NETWORK_ERROR));
    };
    request.send(data);
  }

  const text = (name: keyof typeof APPLICATION_LABELS, more: object) => (
    <Field name={name} label={labels[name]!} defaultValue={values[name]} error={errors[name]} {...more} />
  );
  return (
    <form
      method="post"
      action={jobId === null ? GENERAL_APPLICATION_PATH : jobPath(jobId)}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-labelledby="apply-heading"
    >
      <FormTop attempt={attempt} title="Your application was not sent" answer={state} labels={labels} />
      {text("first_name", { autoComplete: "given-name", required: true })}
      {text("last_name", { autoComplete: "family-name", required: true })}
      {text("email", { type: "email", autoComplete: "email", required: true })}
      {text("phone", { type: "tel", autoComplete: "tel", required: true })}
      <Field
        name="cv"
        label={labels.cv!}
        type="file"
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        error={errors.cv}
        hint={cvAgain}
        required
        frameClassName="sm:col-span-2"
        className={`${controlClass(errors.cv)} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
      />
      <TextAreaField
        name="cover_note"
        label={labels.cover_note!}
        defaultValue={values.cover_note}
        error={errors.cover_note}
        rows={5}
        maxLength={4000}
        frameClassName="sm:col-span-2"
      />
      {text("profile_url", { type: "url", autoComplete: "url", frameClassName: "sm:col-span-2" })}
      {text("city", { autoComplete: "address-level2" })}
      {text("notice_period", { autoComplete: "off" })}
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          fieldId={fieldId}
          value={values[answerField(q.id)]}
          error={errors[answerField(q.id)]}
          inputClass={controlClass(errors[answerField(q.id)])}
        />
      ))}
      <div className="space-y-3 sm:col-span-2">
        <CheckboxField
          name="consent_processing"
          error={errors.consent_processing}
          defaultChecked={Boolean(values.consent_processing)}
          required
        >
          I agree that my application and CV are processed to consider me for{" "}
          {jobTitle ?? `openings at ${SITE_NAME}`}, as described in the{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 underline">
            privacy policy
          </Link>
          . Unless I agree below, they are anonymised {retentionDays} days after my application is decided or{" "}
          {jobTitle === null ? "was last updated" : "the position closes"}.
        </CheckboxField>
        <CheckboxField name="keep_cv" defaultChecked={Boolean(values.keep_cv)}>
          Optional: keep my CV and details for future openings for up to {keepDays} days (see the{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 underline">
            privacy policy
          </Link>
          ).
        </CheckboxField>
      </div>
      <Honeypot />
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
