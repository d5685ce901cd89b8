import { z } from "zod";
import { timestamp } from "./api-responses";
import { optionalIsoDateTime } from "./dates";
import { MAX_JOB_QUESTIONS, questionTypes, type JobQuestion } from "./job-answers";
import { employmentTypes, type EmploymentType } from "#shared/employment-types.ts";

export {
  employmentTypeLabel,
  employmentTypeLabels,
  employmentTypes,
  type EmploymentType,
} from "#shared/employment-types.ts";

const listItem = z
  .string()
  .trim()
  .min(1, "Remove empty lines")
  .max(300, "Keep each line under 300 characters");

const MAX_CHOICES = 10;

/** A question of the job's application form; a new one has no id yet (the careers service gives it one). */
export const jobQuestionInputSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]{1,16}$/, "A question's id is 1-16 lowercase letters or digits")
      .optional(),
    label: z
      .string({ error: "Write the question" })
      .trim()
      .min(1, "Write the question")
      .max(200, "Keep the question under 200 characters"),
    type: z.enum(questionTypes, "Choose short text, yes or no, or one choice"),
    required: z.boolean().default(false),
    choices: z
      .array(
        z.string().trim().min(1, "Remove empty choices").max(100, "Keep each choice under 100 characters"),
      )
      .max(MAX_CHOICES, `Offer at most ${MAX_CHOICES} choices`)
      .default([]),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.type === "choice" && q.choices.length < 2)
      ctx.addIssue({ code: "custom", path: ["choices"], message: "Give at least two choices, one per line" });
    if (q.type !== "choice" && q.choices.length > 0)
      ctx.addIssue({ code: "custom", path: ["choices"], message: "Only a one-choice question has choices" });
    if (new Set(q.choices.map((c) => c.toLowerCase())).size < q.choices.length)
      ctx.addIssue({ code: "custom", path: ["choices"], message: "Give each choice once" });
  });

const jobQuestionsSchema = z
  .array(jobQuestionInputSchema)
  .max(MAX_JOB_QUESTIONS, `A job asks at most ${MAX_JOB_QUESTIONS} questions`)
  .superRefine((questions, ctx) => {
    const ids = questions.flatMap((q) => (q.id ? [q.id] : []));
    if (new Set(ids).size < ids.length)
      ctx.addIssue({ code: "custom", message: "Each question's id may appear once" });
  })
  .default([]);

/** A stored question, as the console reads it back. */
const jobQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(questionTypes),
  required: z.boolean(),
  choices: z.array(z.string()),
}) satisfies z.ZodType<JobQuestion>;

/** A job post as an editor enters it; the HTML description is sanitised by the careers service. */
export const jobInputSchema = z.object({
  job_title: z.string({ error: "Enter a job title" }).trim().min(1, "Enter a job title").max(150),
  company: z.string({ error: "Enter the company" }).trim().min(1, "Enter the company").max(150),
  location: z.string({ error: "Enter the location" }).trim().min(1, "Enter the location").max(150),
  /** Free text without the currency sign, e.g. "12,00,000 - 18,00,000 per annum". */
  salary: z.string().trim().max(100).default(""),
  employment_type: z.enum(employmentTypes).default("FULL_TIME"),
  job_description: z.string().max(50_000, "The description is too long").default(""),
  responsibilities: z.array(listItem).max(30).default([]),
  requirements: z.array(listItem).max(30).default([]),
  apply_link: z
    .string()
    .trim()
    .regex(/^(https:\/\/|mailto:)/, "Use an https:// or mailto: address")
    .max(500)
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(["open", "closed"]).default("open"),
  /** Last day the job is open (JobPosting validThrough); strict, never coerced (schemas/dates.ts). */
  valid_through: optionalIsoDateTime("Valid through"),
  /** Up to five questions the application form asks, in order. */
  questions: jobQuestionsSchema,
});
export type JobInput = z.input<typeof jobInputSchema>;

/** A job in the console's list (GET /api/jobs): open and closed, lists as arrays, dates as ISO text. */
export const jobRowSchema = z.object({
  id: z.number().int(),
  job_title: z.string(),
  company: z.string(),
  location: z.string(),
  salary: z.string(),
  employment_type: z.string(),
  job_description: z.string(),
  responsibilities: z.array(z.string()),
  requirements: z.array(z.string()),
  apply_link: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  valid_through: timestamp().nullable(),
  questions: z.array(jobQuestionSchema),
  created_at: timestamp(),
});
export type JobRow = z.output<typeof jobRowSchema>;

/** GET /api/post_jobs/ item: HTML description and requirements. */
export const jobListItemSchema = z.object({
  id: z.number().int(),
  job_title: z.string(),
  company: z.string(),
  location: z.string(),
  salary: z.string(),
  job_description: z.string(),
  requirements: z.string(),
  created_at: timestamp(),
});
export type JobListItem = Omit<z.output<typeof jobListItemSchema>, "created_at"> & { created_at: Date };

/** A job in the careers page's list: the list item with its employment type, which the page filters by. */
export type CareersListItem = JobListItem & { employment_type: EmploymentType };

/** What a visitor narrows the careers list by, besides the search text. */
export interface CareersFilters {
  location: string;
  type: EmploymentType | "";
}

/** GET /jobs/{jobId}: the spec's read-only detail shape. */
export const jobDetailSchema = z.object({
  title: z.string(),
  location: z.string(),
  type: z.string(),
  description: z.string(),
  responsibilities: z.array(z.string()),
  requirements: z.array(z.string()),
  postedDate: timestamp(),
  applyLink: z.string(),
});
export type JobDetail = Omit<z.output<typeof jobDetailSchema>, "postedDate"> & { postedDate: Date };

/** A salary read into numbers for JobPosting structured data. */
export interface SalaryRange {
  currency: "INR";
  minValue: number;
  maxValue: number;
  unitText: "YEAR" | "MONTH" | "HOUR";
}

/** What the job page needs on top of the API shape (structured data, share text). */
export interface JobPage extends JobDetail {
  id: number;
  company: string;
  salary: string;
  employmentType: string;
  validThrough: Date | null;
  updatedAt: Date;
  baseSalary: SalaryRange | null;
  questions: JobQuestion[];
}

/** Subject line of the mail draft that Apply opens. */
export const applicationSubject = (title: string, company: string) =>
  `Application for ${title} at ${company}`;

/** mailto: draft to the HR address with the spec's subject and a short greeting. */
export function applyMailto(hrEmail: string, title: string, company: string): string {
  const body = `Dear Hiring Team,\n\nI would like to apply for the ${title} position at ${company}. Please find my CV attached.\n\nKind regards,\n`;
  return `mailto:${hrEmail}?subject=${encodeURIComponent(applicationSubject(title, company))}&body=${encodeURIComponent(body)}`;
}

export const JOB_PAGE_SIZE = 12;

/** The careers page's query string: `?q=` search text, `?location=` and `?type=` filters, `?page=` number. */
export const careersQuerySchema = z.object({
  q: z.string().trim().max(100, "Search text can be at most 100 characters.").default(""),
  location: z.string().trim().max(150, "A location can be at most 150 characters.").default(""),
  type: z
    .enum(
      ["", ...employmentTypes],
      "Choose a job type from the list: Full-time, Part-time, Contract, Temporary or Internship.",
    )
    .default(""),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "Not a page of this list.")
    .transform(Number)
    .default(1),
});
