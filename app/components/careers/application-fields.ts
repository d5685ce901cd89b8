import { answerField, type JobQuestion } from "#schemas/job-answers.ts";
import { MAX_CV_BYTES } from "#schemas/cv-limits.ts";

/** The application form's own fields in page order, with their labels; the job's questions come after them. */
export const APPLICATION_LABELS = {
  first_name: "First name",
  last_name: "Last name",
  email: "E-mail",
  phone: "Phone",
  cv: `CV (PDF or Word .docx, at most ${MAX_CV_BYTES / 1024 / 1024} MB)`,
  cover_note: "Cover note",
  profile_url: "LinkedIn or portfolio address",
  city: "Current city",
  notice_period: "Notice period",
} as const;
const CHECKBOXES = ["consent_processing", "keep_cv"] as const;

/** Every field's label in the order the page shows them, the job's questions included (for the summary). */
export const applicationLabels = (questions: readonly JobQuestion[]): Record<string, string> => ({
  ...APPLICATION_LABELS,
  ...Object.fromEntries(questions.map((q) => [answerField(q.id), q.label])),
  consent_processing: "Consent to processing",
});

/**
 * The typed fields of a posted application (`cv` holds the chosen file's name, which a refused form names
 * when it asks for the file again); unticked boxes are left out, as a browser leaves them out.
 */
export function readApplication(form: FormData, questions: readonly JobQuestion[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(applicationLabels(questions)), ...CHECKBOXES, "url_hp"]) {
    const value = form.get(name);
    if (value instanceof File) values[name] = value.size > 0 || value.name ? value.name : "";
    else if (value !== null) values[name] = value;
  }
  return values;
}

/** The API route an application is sent to: the job's, or the general one (`jobId` null). */
export const applicationApiPath = (
  jobId: number | null,
): "/api/general_applications" | `/api/jobs/${number}/applications` =>
  jobId === null ? "/api/general_applications" : `/api/jobs/${jobId}/applications`;

export const NETWORK_ERROR = "We could not send your application. Check your connection and try again.";

/** What the job page knows of a job that no longer takes applications (thrown with status 410). */
export interface ClosedJob {
  closed: true;
  title: string;
  /** The visitor's application was just refused because of it (a form post without JavaScript). */
  refused: boolean;
}
