/** How applications are read for the console: the columns, the row the API answers, the list's filters and order. */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { jobApplications, jobs } from "#db/schema/index.ts";
import type { ApplicationListQuery, ApplicationRow } from "#schemas/application.ts";
import { containsAny, orderBy } from "../sql";

type Row = typeof jobApplications.$inferSelect;

/** Every column but the CV's bytes: lists and details never read the file. */
export const columns = {
  id: jobApplications.id,
  jobId: jobApplications.jobId,
  general: jobApplications.general,
  jobTitle: jobs.jobTitle,
  firstName: jobApplications.firstName,
  lastName: jobApplications.lastName,
  email: jobApplications.email,
  phone: jobApplications.phone,
  city: jobApplications.city,
  coverNote: jobApplications.coverNote,
  profileUrl: jobApplications.profileUrl,
  noticePeriod: jobApplications.noticePeriod,
  answers: jobApplications.answers,
  cvFileName: jobApplications.cvFileName,
  cvSize: jobApplications.cvSize,
  keepForFuture: jobApplications.keepForFuture,
  consentedAt: jobApplications.consentedAt,
  stage: jobApplications.stage,
  rejectReason: jobApplications.rejectReason,
  resubmissions: jobApplications.resubmissions,
  anonymisedAt: jobApplications.anonymisedAt,
  createdAt: jobApplications.createdAt,
  updatedAt: jobApplications.updatedAt,
};
export type Listed = Omit<Row, "cvBytes" | "cvContentType" | "stageChangedAt"> & { jobTitle: string | null };

export const toRow = (r: Listed): ApplicationRow => ({
  id: r.id,
  job_id: r.jobId,
  job_title: r.jobTitle,
  general: r.general,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  phone: r.phone,
  city: r.city,
  stage: r.stage,
  reject_reason: r.rejectReason,
  has_cv: r.cvSize !== null,
  keep_for_future: r.keepForFuture,
  resubmissions: r.resubmissions,
  anonymised: r.anonymisedAt !== null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** What the audit log keeps of an application: no name, contact or text, so it never needs scrubbing. */
export const auditView = (r: { stage: string; rejectReason: string | null; jobId: number | null }) => ({
  job_id: r.jobId,
  stage: r.stage,
  reject_reason: r.rejectReason,
});

const sortable = {
  created_at: jobApplications.createdAt,
  updated_at: jobApplications.updatedAt,
  stage: jobApplications.stage,
  last_name: jobApplications.lastName,
  job_title: jobs.jobTitle,
};

/** The list's filters; `ids` (the rows ticked for "Export selected") narrows them further. */
export function where(q: Partial<ApplicationListQuery> & { ids?: number[] }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.ids) conditions.push(inArray(jobApplications.id, q.ids));
  if (q.job_id) conditions.push(eq(jobApplications.jobId, q.job_id));
  if (q.general !== undefined) conditions.push(eq(jobApplications.general, q.general));
  if (q.stage) conditions.push(eq(jobApplications.stage, q.stage));
  // Dates are India's calendar days, as operators read them.
  if (q.from)
    conditions.push(
      gte(jobApplications.createdAt, sql`(${q.from}::date)::timestamp at time zone 'Asia/Kolkata'`),
    );
  if (q.to)
    conditions.push(
      lt(jobApplications.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`),
    );
  conditions.push(
    containsAny(q.search, [
      jobApplications.firstName,
      jobApplications.lastName,
      jobApplications.email,
      sql`${jobApplications.firstName} || ' ' || ${jobApplications.lastName}`,
    ]),
  );
  return and(...conditions);
}

export const order = (sort: string | undefined) =>
  orderBy(sort, sortable, desc(jobApplications.createdAt), jobApplications.id);
