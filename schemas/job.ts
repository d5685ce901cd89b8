import { z } from "zod";
import { optionalIsoDateTime } from "./dates";

export const employmentTypes = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN"] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const employmentTypeLabels: Record<EmploymentType, string> = {
  FULL_TIME: "Full-time",
  PART_TIME: "Part-time",
  CONTRACTOR: "Contract",
  TEMPORARY: "Temporary",
  INTERN: "Internship",
};

export const employmentTypeLabel = (type: string) => employmentTypeLabels[type as EmploymentType] ?? type;

const listItem = z
  .string()
  .trim()
  .min(1, "Remove empty lines")
  .max(300, "Keep each line under 300 characters");

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
});
export type JobInput = z.input<typeof jobInputSchema>;

/** A job in the console's list (GET /api/jobs): open and closed, lists as arrays, dates as ISO text. */
export interface JobRow {
  id: number;
  job_title: string;
  company: string;
  location: string;
  salary: string;
  employment_type: string;
  job_description: string;
  responsibilities: string[];
  requirements: string[];
  apply_link: string | null;
  status: "open" | "closed";
  valid_through: string | null;
  created_at: string;
}

/** GET /api/post_jobs/ item: HTML description and requirements. */
export interface JobListItem {
  id: number;
  job_title: string;
  company: string;
  location: string;
  salary: string;
  job_description: string;
  requirements: string;
  created_at: Date;
}

/** GET /jobs/{jobId}: the spec's read-only detail shape. */
export interface JobDetail {
  title: string;
  location: string;
  type: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
  postedDate: Date;
  applyLink: string;
}

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

/** The careers page's query string: `?q=` search text and `?page=` number. */
export const careersQuerySchema = z.object({
  q: z.string().trim().max(100, "Search text can be at most 100 characters.").default(""),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "Not a page of this list.")
    .transform(Number)
    .default(1),
});
