import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { oweCompaction } from "#db/compaction.ts";
import {
  auditLog,
  jobApplicationNotes,
  jobApplicationSubmissions,
  jobApplications,
  jobs,
  threadMessages,
} from "#db/schema/index.ts";
import { KEEP_CV_DAYS } from "#schemas/application.ts";
import { eraseMailAbout } from "../notifications/outbox";
import type { SettingsService } from "../settings/service";
import { mailAbout } from "./application-mails";

const DAY_MS = 86_400_000;

// Anything written in the audit log under these keys is personal data and is removed on anonymisation.
const PERSONAL_AUDIT_KEYS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "city",
  "cover_note",
  "profile_url",
  "notice_period",
  "cv_file_name",
  "name",
  "subject",
];

/** The personal columns blanked by anonymisation; stage, job and dates stay for statistics. */
const anonymous = (now: Date) => ({
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  coverNote: "",
  profileUrl: "",
  city: "",
  noticePeriod: "",
  answers: null,
  cvFileName: null,
  cvContentType: null,
  cvSize: null,
  cvBytes: null,
  anonymisedAt: now,
  updatedAt: now,
});

/** Blanks the personal data of the applications `condition` selects, their notes and audit entries. */
export async function anonymiseWhere(tx: Database, condition: SQL, at: Date) {
  const done = await tx
    .update(jobApplications)
    .set(anonymous(at))
    .where(and(condition, isNull(jobApplications.anonymisedAt)))
    .returning({ id: jobApplications.id });
  if (done.length === 0) return 0;
  const ids = done.map((d) => String(d.id));
  await tx
    .delete(jobApplicationNotes)
    .where(sql`${jobApplicationNotes.applicationId} in ${done.map((d) => d.id)}`);
  await tx
    .delete(jobApplicationSubmissions)
    .where(sql`${jobApplicationSubmissions.applicationId} in ${done.map((d) => d.id)}`);
  // The replies quote and address the candidate: they go; their mail is erased below (eraseMailAbout).
  await tx.delete(threadMessages).where(sql`${threadMessages.applicationId} in ${done.map((d) => d.id)}`);
  const strip = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`case when ${column} is null then null else ${column} - ${sql.raw(`array[${PERSONAL_AUDIT_KEYS.map((k) => `'${k}'`).join(",")}]`)} end`;
  await tx
    .update(auditLog)
    .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
    .where(and(eq(auditLog.entity, "job_application"), sql`${auditLog.entityId} in ${ids}`));
  // The old row versions (and the CV's TOAST chunks) stay in the files until these are rewritten.
  await oweCompaction(tx, [
    jobApplications,
    jobApplicationSubmissions,
    jobApplicationNotes,
    threadMessages,
    auditLog,
  ]);
  await eraseMailAbout(
    tx,
    done.map((d) => mailAbout(d.id)),
    "Job application (personal data erased)",
  );
  return done.length;
}

/**
 * The retention rules (docs/security.md, "Candidates' data"), run on a timer: an application is anonymised
 * once it was decided (rejected or hired) more than the setting's days ago, or, never decided, once its job
 * stopped taking applications (closed, expired or deleted) and neither moved for that long. A candidate who
 * agreed to be kept for future openings is kept KEEP_CV_DAYS instead (or the setting's days if longer).
 * Answers how many were anonymised, once the tables that changed are compacted.
 */
export async function anonymiseExpired(
  db: Database,
  deps: { settings: Pick<SettingsService, "get">; now: () => Date; compact: () => Promise<unknown> },
) {
  const days = (await deps.settings.get()).application_retention_days;
  const before = (n: number) => new Date(deps.now().getTime() - n * DAY_MS);
  const anonymised = await db.transaction((tx) =>
    anonymiseWhere(
      tx,
      or(
        and(eq(jobApplications.keepForFuture, false), retentionOver(before(days))),
        and(eq(jobApplications.keepForFuture, true), retentionOver(before(Math.max(days, KEEP_CV_DAYS)))),
      )!,
      deps.now(),
    ),
  );
  if (anonymised > 0) await deps.compact();
  return anonymised;
}

/** When a job stopped taking applications: closed (its last change, or its end date if earlier) or past its end. */
const jobClosedAt = sql`case when ${jobs.status} = 'closed'
  then least(${jobs.updatedAt}, coalesce(${jobs.validThrough}, ${jobs.updatedAt}))
  else ${jobs.validThrough} end`;

/** Applications whose retention ended before `cutoff` (see anonymiseExpired). */
function retentionOver(cutoff: Date): SQL {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const decided = sql`${jobApplications.stage} in ('rejected', 'hired')`;
  return or(
    and(decided, lt(jobApplications.stageChangedAt, cutoff)),
    and(
      sql`not ${decided}`,
      lt(jobApplications.stageChangedAt, cutoff),
      lt(jobApplications.updatedAt, cutoff),
      or(
        isNull(jobApplications.jobId),
        sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobApplications.jobId} and ${jobClosedAt} < ${at})`,
      ),
    ),
  )!;
}

/** Runs the retention rules now and then (like the trash purge), in every instance; the work is idempotent. */
export function startApplicationRetention(
  service: { anonymiseExpired(): Promise<unknown> },
  onError: (error: unknown) => void,
  intervalMs = 60 * 60_000,
) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= service
      .anonymiseExpired()
      .catch(onError)
      .finally(() => (running = null));
  }, intervalMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
