import { count, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { compactErased } from "#db/compaction.ts";
import { jobApplicationNotes, jobApplicationStages, jobApplications, jobs } from "#db/schema/index.ts";
import type {
  ApplicationDetail,
  ApplicationFields,
  ApplicationListQuery,
  StageChange,
} from "#schemas/application.ts";
import type { ApplicationAnswer, JobQuestion } from "#schemas/job-answers.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { PublicAddressService } from "../settings/public-address";
import type { SettingsService } from "../settings/service";
import { applicationCv, applicationDetail, findApplication, submissionCv } from "./application-detail";
import { applicationsCsv } from "./application-export";
import { createApplicationReplies } from "./application-replies";
import { candidateMails, candidateZip } from "./candidate-archive";
import { createApplicationPipeline } from "./application-pipeline";
import { anonymiseExpired, anonymiseWhere } from "./application-retention";
import { auditView, columns, order, toRow, where } from "./application-rows";
import { submitApplication } from "./application-submit";
import type { CheckedCv } from "./cv-file";

/**
 * Job applications: taken from the public form (application-submit.ts), worked through in the console (stage,
 * notes, CV downloads, exports), and erased or anonymised (application-retention.ts).
 */
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

  const find = (id: number, via: Database = db) => findApplication(via, id);
  const replies = createApplicationReplies(db, deps);

  return {
    ...createApplicationPipeline(db, { audit: deps.audit, now }),
    thread: replies.thread,
    reply: replies.reply,

    /**
     * Takes an application for an open job, or a general one (`jobId` null). The same address (any case) applying to the same job again
     * changes nothing of the application: what was sent is kept beside it as a submission, since anyone who
     * knows the address can send the form (docs/decisions/0018-repeat-applications.md). The answer is the
     * same either way, so it tells no one who applied where. The candidate's confirmation (at most one a
     * day per address and job) and the hiring address's notification are queued in the same transaction.
     */
    submit: (
      /** null: a general application, for no particular job. */
      jobId: number | null,
      fields: ApplicationFields,
      cv: { bytes: Buffer; name?: string; checked: CheckedCv },
      answers: ApplicationAnswer[] = [],
    ) => submitApplication(db, { ...deps, now }, jobId, fields, cv, answers),

    /** The questions an application to this job answers (none for an unknown job: `submit` says why). */
    async questionsFor(jobId: number | null): Promise<JobQuestion[]> {
      if (jobId === null) return [];
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

    get: (id: number, via: Database = db): Promise<ApplicationDetail> => applicationDetail(via, id),

    /** The stored CV, for the signed-in download route; not_found when there is none (anonymised, erased). */
    cv: (id: number) => applicationCv(db, id),

    /** The CV of a later submission to application `id` (see `submit`), for the signed-in download route. */
    submissionCv: (id: number, submissionId: number) => submissionCv(db, id, submissionId),

    /**
     * Moves an application to another stage (a rejection with its reason), in its history and the audit log;
     * with `reply`, the candidate's mail (the edited "not this time" of a rejection) goes in the same transaction.
     */
    async changeStage(actor: Actor, id: number, change: StageChange) {
      const hrEmail = change.reply ? (await deps.settings.get()).hr_email : "";
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
        if (change.reply)
          await replies.replyIn(tx, actor, id, change.reply, {
            kind: change.stage === "rejected" ? "rejection" : "reply",
            hrEmail,
          });
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
          "stage_changed",
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
          "note_added",
          "job_application",
          id,
          null,
          { note_id: created!.id },
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

    exportCsv: (q: Partial<ApplicationListQuery> & { ids?: number[] }) => applicationsCsv(db, q),

    /**
     * Everything stored about one candidate's application, for a data access request: a zip of the data as
     * JSON and as text, the CV and the mails sent to the candidate (domain/careers/candidate-archive.ts).
     */
    async exportCandidate(actor: Actor, id: number) {
      const { detail, mails, cv } = await db.transaction(async (tx) => {
        const detail = await this.get(id, tx);
        const mails = await candidateMails(tx, detail);
        const cv = detail.cv_file_name ? await applicationCv(tx, id) : null;
        await deps.audit.record(actor, "data_exported", "job_application", id, null, null, tx);
        return { detail, mails, cv };
      });
      return candidateZip(detail, mails, cv);
    },

    /**
     * Erases one application's personal data on the candidate's request; the audit entry names no one. Answers
     * once the tables it changed are compacted, so no file (and no backup taken after) holds the data.
     */
    async erase(actor: Actor, id: number) {
      await find(id);
      await db.transaction(async (tx) => {
        await anonymiseWhere(tx, eq(jobApplications.id, id), now());
        await deps.audit.record(actor, "personal_data_erased", "job_application", id, null, null, tx);
      });
      await compact();
    },

    /** The retention rules (domain/careers/application-retention.ts), run on a timer. */
    anonymiseExpired: () => anonymiseExpired(db, { settings: deps.settings, now, compact }),
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
