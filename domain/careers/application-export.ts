import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { jobApplications, jobs } from "#db/schema/index.ts";
import {
  applicationJobLabel,
  rejectReasonLabels,
  stageLabels,
  type ApplicationListQuery,
} from "#schemas/application.ts";
import { toCsv } from "../csv";
import { columns, order, where } from "./application-rows";

/** The applications a list's filters (or ticked ids) select, as CSV for a spreadsheet. */
export async function applicationsCsv(db: Database, q: Partial<ApplicationListQuery> & { ids?: number[] }) {
  const rows = await db
    .select(columns)
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(where(q))
    .orderBy(...order(q.sort))
    .limit(50_000);
  return toCsv(
    [
      "Applied (IST)",
      "Job",
      "First name",
      "Last name",
      "E-mail",
      "Phone",
      "City",
      "Notice period",
      "Profile",
      "Stage",
      "Reject reason",
      "Keep CV",
      "Cover note",
      "Answers",
    ],
    rows.map((r) => [
      r.createdAt,
      applicationJobLabel({ general: r.general, job_title: r.jobTitle }),
      r.firstName,
      r.lastName,
      r.email,
      r.phone,
      r.city,
      r.noticePeriod,
      r.profileUrl,
      stageLabels[r.stage],
      r.rejectReason ? rejectReasonLabels[r.rejectReason] : "",
      r.keepForFuture ? "yes" : "no",
      r.coverNote,
      (r.answers ?? []).map((a) => `${a.question} ${a.answer || "-"}`).join("\n"),
    ]),
  );
}
