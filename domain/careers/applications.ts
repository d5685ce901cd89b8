import { and, asc, count, eq, getTableColumns, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { compactErased, oweCompaction } from "../../db/compaction";
import {
  auditLog,
  jobApplicationNotes,
  jobApplicationStages,
  jobApplicationSubmissions,
  jobApplications,
  jobs,
} from "../../db/schema/index";
import {
  KEEP_CV_DAYS,
  rejectReasonLabels,
  stageLabels,
  type ApplicationDetail,
  type ApplicationFields,
  type ApplicationListQuery,
  type StageChange,
} from "../../schemas/application";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { DomainError } from "../errors";
import { enqueueMail, enqueueVisitorMail, eraseMailAbout } from "../notifications/outbox";
import type { PublicAddressService } from "../settings/public-address";
import type { SettingsService } from "../settings/service";
import { createApplicationPipeline } from "./application-pipeline";
import { auditView, columns, order, toRow, where } from "./application-rows";
import { cvFileName, type CheckedCv } from "./cv-file";
import type { ApplicationAnswer, JobQuestion } from "../../schemas/job-answers";

const DAY_MS = 86_400_000;
/** Every column of a later submission but the CV's bytes. */
const { cvBytes: _bytes, ...submissionColumns } = getTableColumns(jobApplicationSubmissions);
/** How the mail outbox names an application whose personal data a mail carries. */
const mailAbout = (id: number) => `job_application:${id}`;
// Advisory locks of applications (one candidate, one job), apart from the other lock spaces.
const APPLICATION_LOCK_SPACE = 736_038;

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

export function createApplicationService(
  db: Database,
  deps: {
    settings: SettingsService;
    audit: AuditService;
    publicAddress: Pick<PublicAddressService, "url">;
    now?: () => Date;
    /** Rewrites the tables an erasure changed (db/compaction.ts); the server's logs a failure instead of throwing. */
    compact?: () => Promise<unknown>;
  },
) {
  const now = deps.now ?? (() => new Date());
  const compact = deps.compact ?? (() => compactErased(db));

  async function find(id: number, via: Database = db) {
    const [row] = await via
      .select(columns)
      .from(jobApplications)
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.id, id));
    if (!row) throw new DomainError("not_found", "Application not found");
    return row;
  }

  /** Blanks the personal data of the applications `condition` selects, their notes and audit entries. */
  async function anonymiseWhere(tx: Database, condition: SQL) {
    const at = now();
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
    const strip = (column: typeof auditLog.before | typeof auditLog.after) =>
      sql`case when ${column} is null then null else ${column} - ${sql.raw(`array[${PERSONAL_AUDIT_KEYS.map((k) => `'${k}'`).join(",")}]`)} end`;
    await tx
      .update(auditLog)
      .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
      .where(and(eq(auditLog.entity, "job_application"), sql`${auditLog.entityId} in ${ids}`));
    // The old row versions (and the CV's TOAST chunks) stay in the files until these are rewritten.
    await oweCompaction(tx, [jobApplications, jobApplicationSubmissions, jobApplicationNotes, auditLog]);
    await eraseMailAbout(
      tx,
      done.map((d) => mailAbout(d.id)),
      "Job application (personal data erased)",
    );
    return done.length;
  }

  return {
    ...createApplicationPipeline(db, { audit: deps.audit, now }),

    /**
     * Takes an application for an open job. The same address (any case) applying to the same job again
     * changes nothing of the application: what was sent is kept beside it as a submission, since anyone who
     * knows the address can send the form (docs/decisions/0018-repeat-applications.md). The answer is the
     * same either way, so it tells no one who applied where. The candidate's confirmation (at most one a
     * day per address and job) and the hiring address's notification are queued in the same transaction.
     */
    async submit(
      jobId: number,
      fields: ApplicationFields,
      cv: { bytes: Buffer; name?: string; checked: CheckedCv },
      answers: ApplicationAnswer[] = [],
    ): Promise<{ id: number; repeat: boolean }> {
      const [job] = await db
        .select({
          id: jobs.id,
          title: jobs.jobTitle,
          company: jobs.company,
          status: jobs.status,
          validThrough: jobs.validThrough,
        })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      if (!job)
        throw new DomainError(
          "not_found",
          "This job does not exist. See the open positions on our careers page.",
        );
      if (job.status !== "open" || (job.validThrough && job.validThrough <= now()))
        throw new DomainError(
          "conflict",
          `Applications for "${job.title}" are closed: the position is no longer open. See our other open positions on the careers page.`,
        );
      const [settings, consoleAddress] = await Promise.all([deps.settings.get(), deps.publicAddress.url()]);
      const fileName = cvFileName(cv.name, cv.checked.kind);
      const sent = {
        firstName: fields.first_name,
        lastName: fields.last_name,
        email: fields.email,
        phone: fields.phone,
        coverNote: fields.cover_note,
        profileUrl: fields.profile_url,
        city: fields.city,
        noticePeriod: fields.notice_period,
        answers: answers.length > 0 ? answers : null,
        cvFileName: fileName,
        cvContentType: cv.checked.contentType,
        cvSize: cv.bytes.length,
        cvBytes: cv.bytes,
        keepForFuture: fields.keep_cv,
      };
      const email = fields.email.toLowerCase();
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${APPLICATION_LOCK_SPACE}, hashtext(${`${jobId}\u001f${email}`}))`,
        );
        const [existing] = await tx
          .select({
            id: jobApplications.id,
            firstName: jobApplications.firstName,
            stage: jobApplications.stage,
            keepForFuture: jobApplications.keepForFuture,
          })
          .from(jobApplications)
          .where(
            and(
              eq(jobApplications.jobId, jobId),
              eq(sql`lower(${jobApplications.email})`, email),
              isNull(jobApplications.anonymisedAt),
            ),
          )
          // An erasure under way finishes first: then this finds no live application and starts a new one.
          .for("update");
        let id: number;
        if (existing) {
          id = existing.id;
          await tx
            .insert(jobApplicationSubmissions)
            .values({ ...sent, applicationId: id, stageThen: existing.stage, createdAt: now() });
          // Only the count and the time move: retention counts from the newest personal data kept.
          await tx
            .update(jobApplications)
            .set({ resubmissions: sql`${jobApplications.resubmissions} + 1`, updatedAt: now() })
            .where(eq(jobApplications.id, id));
        } else {
          const [saved] = await tx
            .insert(jobApplications)
            .values({ ...sent, jobId, consentedAt: now(), updatedAt: now() })
            .returning({ id: jobApplications.id });
          id = saved!.id;
          await tx
            .insert(jobApplicationStages)
            .values({ applicationId: id, toStage: "new", operatorName: "candidate" });
        }
        const rejected = existing?.stage === "rejected";
        // A repeat is addressed with the name the application has, not whatever the new post says.
        await enqueueVisitorMail(
          tx,
          {
            to: fields.email,
            // The same subject for a first and a repeat application: it names nothing the sender could not know.
            subject: `We received your application: ${job.title}`,
            text: [
              `Dear ${existing?.firstName ?? fields.first_name},`,
              "",
              ...(!existing
                ? [
                    `Thank you for applying for ${job.title} at ${job.company}. We have received your application and CV.`,
                    "Our hiring team reviews every application and will contact you if your profile matches the role.",
                  ]
                : rejected
                  ? [
                      `We decided earlier not to take your application for ${job.title} further. We have added what you just sent to it, and the hiring team will look at it; they will contact you if they reconsider.`,
                    ]
                  : [
                      `You had applied for ${job.title} at ${job.company} before. We have kept your application as it was and added what you just sent beside it, for the hiring team to see.`,
                    ]),
              ...(existing ? ["If you did not send it, reply to this e-mail and we will remove it."] : []),
              "",
              (existing?.keepForFuture ?? fields.keep_cv)
                ? `You agreed that we may keep your CV for future openings for up to ${KEEP_CV_DAYS} days.`
                : "We use your details only for this position.",
              "You can ask us to see or erase your data at any time by replying to this e-mail.",
              "",
              job.company,
            ].join("\n"),
          },
          { about: mailAbout(id), topic: `application:${jobId}` },
        );
        const name = `${fields.first_name} ${fields.last_name}`;
        await enqueueMail(
          tx,
          {
            to: settings.hr_email,
            subject: `${!existing ? "New application" : rejected ? "Sent again after a rejection" : "Sent again"}: ${job.title} from ${name}`,
            text: [
              ...(existing
                ? [
                    `This was sent with the address of an application already in the console (${stageLabels[existing.stage]}). Nothing in the application was changed: what was sent is kept beside it. Anyone who knows the address can send the form, so compare before you rely on it.`,
                    "",
                  ]
                : []),
              `Job: ${job.title} (${job.company})`,
              `Name: ${name}`,
              `E-mail: ${fields.email}`,
              `Phone: ${fields.phone}`,
              `City: ${fields.city || "-"}`,
              `Notice period: ${fields.notice_period || "-"}`,
              `Profile: ${fields.profile_url || "-"}`,
              `CV: ${fileName} (${Math.ceil(cv.bytes.length / 1024)} KB)`,
              ...answers.map((a) => `${a.question} ${a.answer || "-"}`),
              "",
              fields.cover_note || "(no cover note)",
              "",
              `Open it in the console: ${consoleAddress}/dashboard/applications?open=${id}`,
            ].join("\n"),
          },
          mailAbout(id),
        );
        return { id, repeat: Boolean(existing) };
      });
    },

    /** The questions an application to this job answers (none for an unknown job: `submit` says why). */
    async questionsFor(jobId: number): Promise<JobQuestion[]> {
      const [job] = await db.select({ questions: jobs.questions }).from(jobs).where(eq(jobs.id, jobId));
      return job?.questions ?? [];
    },

    async list(q: ApplicationListQuery) {
      const condition = where(q);
      const [rows, total] = await Promise.all([
        db
          .select(columns)
          .from(jobApplications)
          .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
          .where(condition)
          .orderBy(...order(q.sort))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ n: count() })
          .from(jobApplications)
          .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
          .where(condition)
          .then(([r]) => r?.n ?? 0),
      ]);
      return { rows: rows.map(toRow), total };
    },

    async get(id: number, via: Database = db): Promise<ApplicationDetail> {
      const row = await find(id, via);
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
    },

    /** The stored CV, for the signed-in download route; null when there is none (anonymised, erased). */
    async cv(id: number) {
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
        throw new DomainError(
          "not_found",
          "This application has no CV any more (it was anonymised or erased).",
        );
      return { name: row.name, contentType: row.type, bytes: row.bytes };
    },

    /** The CV of a later submission to application `id` (see `submit`), for the signed-in download route. */
    async submissionCv(id: number, submissionId: number) {
      const [row] = await db
        .select({
          name: jobApplicationSubmissions.cvFileName,
          contentType: jobApplicationSubmissions.cvContentType,
          bytes: jobApplicationSubmissions.cvBytes,
        })
        .from(jobApplicationSubmissions)
        .where(
          and(
            eq(jobApplicationSubmissions.id, submissionId),
            eq(jobApplicationSubmissions.applicationId, id),
          ),
        );
      if (!row)
        throw new DomainError(
          "not_found",
          "This submission does not exist any more (it may have been erased).",
        );
      return row;
    },

    /** Moves an application to another stage (a rejection with its reason), in its history and the audit log. */
    async changeStage(actor: Actor, id: number, change: StageChange) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            stage: jobApplications.stage,
            rejectReason: jobApplications.rejectReason,
            jobId: jobApplications.jobId,
            anonymisedAt: jobApplications.anonymisedAt,
          })
          .from(jobApplications)
          .where(eq(jobApplications.id, id))
          .for("update");
        if (!before) throw new DomainError("not_found", "Application not found");
        if (before.anonymisedAt)
          throw new DomainError(
            "conflict",
            "This application was anonymised; its stage can no longer change.",
          );
        const reason = change.stage === "rejected" ? (change.reason ?? null) : null;
        if (before.stage === change.stage && before.rejectReason === reason) return toRow(await find(id, tx));
        const [after] = await tx
          .update(jobApplications)
          .set({ stage: change.stage, rejectReason: reason, stageChangedAt: now(), updatedAt: now() })
          .where(eq(jobApplications.id, id))
          .returning();
        await tx.insert(jobApplicationStages).values({
          applicationId: id,
          fromStage: before.stage,
          toStage: change.stage,
          reason,
          operatorName: actor.username,
          createdAt: now(),
        });
        await deps.audit.record(
          actor,
          "update",
          "job_application",
          id,
          auditView(before),
          auditView(after!),
          tx,
        );
        return toRow(await find(id, tx));
      });
    },

    async addNote(actor: Actor, id: number, text: string) {
      const note = await db.transaction(async (tx) => {
        // Held until the note commits: an erasure or anonymisation racing it waits, then removes the note too.
        const [row] = await tx
          .select({ anonymisedAt: jobApplications.anonymisedAt })
          .from(jobApplications)
          .where(eq(jobApplications.id, id))
          .for("share");
        if (!row) throw new DomainError("not_found", "Application not found");
        if (row.anonymisedAt)
          throw new DomainError("conflict", "This application was anonymised; notes can no longer be added.");
        const [created] = await tx
          .insert(jobApplicationNotes)
          .values({ applicationId: id, operatorName: actor.username, text })
          .returning();
        // The note's text may name the candidate: the audit entry records that a note was added, not what it says.
        await deps.audit.record(
          actor,
          "update",
          "job_application",
          id,
          null,
          { note_added: created!.id },
          tx,
        );
        return created!;
      });
      return {
        id: note.id,
        author: note.operatorName,
        text: note.text,
        created_at: note.createdAt.toISOString(),
      };
    },

    /** Applications per job (the Jobs screen's count), anonymised ones included. */
    async countsByJob(): Promise<Record<number, number>> {
      const rows = await db
        .select({ jobId: jobApplications.jobId, n: count() })
        .from(jobApplications)
        .where(isNotNull(jobApplications.jobId))
        .groupBy(jobApplications.jobId);
      return Object.fromEntries(rows.map((r) => [r.jobId!, r.n]));
    },

    async exportCsv(q: Partial<ApplicationListQuery> & { ids?: number[] }) {
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
          r.jobTitle ?? "(deleted job)",
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
    },

    /** Everything stored about one candidate's application, for a data access request (the CV separately). */
    async exportCandidate(actor: Actor, id: number) {
      return db.transaction(async (tx) => {
        const detail = await this.get(id, tx);
        await deps.audit.record(actor, "update", "job_application", id, null, { exported: true }, tx);
        return detail;
      });
    },

    /**
     * Erases one application's personal data on the candidate's request; the audit entry names no one. Answers
     * once the tables it changed are compacted, so no file (and no backup taken after) holds the data.
     */
    async erase(actor: Actor, id: number) {
      await find(id);
      await db.transaction(async (tx) => {
        await anonymiseWhere(tx, eq(jobApplications.id, id));
        await deps.audit.record(actor, "update", "job_application", id, null, { erased: true }, tx);
      });
      await compact();
    },

    /**
     * The retention rules (docs/security.md, "Candidates' data"), run on a timer: an application is anonymised
     * once it was decided (rejected or hired) more than the setting's days ago, or, never decided, once its job
     * stopped taking applications (closed, expired or deleted) and neither moved for that long. A candidate who
     * agreed to be kept for future openings is kept KEEP_CV_DAYS instead (or the setting's days if longer).
     * Answers how many were anonymised, once the tables that changed are compacted.
     */
    async anonymiseExpired() {
      const days = (await deps.settings.get()).application_retention_days;
      const before = (n: number) => new Date(now().getTime() - n * DAY_MS);
      const anonymised = await db.transaction((tx) =>
        anonymiseWhere(
          tx,
          or(
            and(eq(jobApplications.keepForFuture, false), retentionOver(before(days))),
            and(eq(jobApplications.keepForFuture, true), retentionOver(before(Math.max(days, KEEP_CV_DAYS)))),
          )!,
        ),
      );
      if (anonymised > 0) await compact();
      return anonymised;
    },
  };
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

export type ApplicationService = ReturnType<typeof createApplicationService>;

/** Runs the retention rules now and then (like the trash purge), in every instance; the work is idempotent. */
export function startApplicationRetention(
  service: Pick<ApplicationService, "anonymiseExpired">,
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
