import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  jobApplicationNotes,
  jobApplicationStages,
  jobApplicationSubmissions,
  jobApplications,
  jobs,
} from "#db/schema/index.ts";
import type { ApplicationDetail } from "#schemas/application.ts";
import { DomainError } from "../errors";
import { columns, toRow } from "./application-rows";

/** Every column of a later submission but the CV's bytes. */
const { cvBytes: _bytes, ...submissionColumns } = getTableColumns(jobApplicationSubmissions);

/** One application's row (no CV bytes), or not_found. */
export async function findApplication(via: Database, id: number) {
  const [row] = await via
    .select(columns)
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  if (!row) throw new DomainError("not_found", "Application not found");
  return row;
}

/** Everything the console shows of one application: its fields, notes, stage history and later submissions. */
export async function applicationDetail(via: Database, id: number): Promise<ApplicationDetail> {
  const row = await findApplication(via, id);
  const [notes, history, submissions] = await Promise.all([
    via
      .select()
      .from(jobApplicationNotes)
      .where(eq(jobApplicationNotes.applicationId, id))
      .orderBy(asc(jobApplicationNotes.createdAt), asc(jobApplicationNotes.id)),
    via
      .select()
      .from(jobApplicationStages)
      .where(eq(jobApplicationStages.applicationId, id))
      .orderBy(asc(jobApplicationStages.createdAt), asc(jobApplicationStages.id)),
    via
      .select(submissionColumns)
      .from(jobApplicationSubmissions)
      .where(eq(jobApplicationSubmissions.applicationId, id))
      .orderBy(asc(jobApplicationSubmissions.createdAt), asc(jobApplicationSubmissions.id)),
  ]);
  return {
    ...toRow(row),
    cover_note: row.coverNote,
    profile_url: row.profileUrl,
    notice_period: row.noticePeriod,
    answers: row.answers,
    cv_file_name: row.cvFileName,
    cv_size: row.cvSize,
    consented_at: row.consentedAt.toISOString(),
    notes: notes.map((n) => ({
      id: n.id,
      author: n.operatorName,
      text: n.text,
      created_at: n.createdAt.toISOString(),
    })),
    history: history.map((h) => ({
      from: h.fromStage,
      to: h.toStage,
      reason: h.reason,
      by: h.operatorName,
      at: h.createdAt.toISOString(),
    })),
    submissions: submissions.map((x) => ({
      id: x.id,
      first_name: x.firstName,
      last_name: x.lastName,
      email: x.email,
      phone: x.phone,
      city: x.city,
      cover_note: x.coverNote,
      profile_url: x.profileUrl,
      notice_period: x.noticePeriod,
      answers: x.answers,
      cv_file_name: x.cvFileName,
      cv_size: x.cvSize,
      keep_for_future: x.keepForFuture,
      stage_then: x.stageThen,
      created_at: x.createdAt.toISOString(),
    })),
  };
}

/** The stored CV, for the signed-in download route; null when there is none (anonymised, erased). */
export async function applicationCv(db: Database, id: number) {
  const [row] = await db
    .select({
      name: jobApplications.cvFileName,
      type: jobApplications.cvContentType,
      bytes: jobApplications.cvBytes,
    })
    .from(jobApplications)
    .where(eq(jobApplications.id, id));
  if (!row) throw new DomainError("not_found", "Application not found");
  if (!row.bytes || !row.name || !row.type)
    throw new DomainError("not_found", "This application has no CV any more (it was anonymised or erased).");
  return { name: row.name, contentType: row.type, bytes: row.bytes };
}

/** The CV of a later submission to application `id` (see `submit`), for the signed-in download route. */
export async function submissionCv(db: Database, id: number, submissionId: number) {
  const [row] = await db
    .select({
      name: jobApplicationSubmissions.cvFileName,
      contentType: jobApplicationSubmissions.cvContentType,
      bytes: jobApplicationSubmissions.cvBytes,
    })
    .from(jobApplicationSubmissions)
    .where(
      and(eq(jobApplicationSubmissions.id, submissionId), eq(jobApplicationSubmissions.applicationId, id)),
    );
  if (!row)
    throw new DomainError("not_found", "This submission does not exist any more (it may have been erased).");
  return row;
}
