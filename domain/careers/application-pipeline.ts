import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { jobApplicationStages, jobApplications, jobs } from "#db/schema/index.ts";
import {
  applicationStages,
  stageLabels,
  type ApplicationBoardColumn,
  type ApplicationBoardQuery,
  type ApplicationListQuery,
  type BulkStageChange,
} from "#schemas/application.ts";
import { MAX_MATCHING } from "#schemas/bulk.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { insertInBatches } from "../sql";
import { auditView, columns, toRow, where } from "./application-rows";

/** How many cards each board column shows (the list has the rest). */
const PER_COLUMN = 25;

const plural = (n: number) => `${n.toLocaleString("en-IN")} application${n === 1 ? "" : "s"}`;

/** The hiring pipeline as a whole: the board, moves of many applications at once, and the jobs to filter by. */
export function createApplicationPipeline(db: Database, deps: { audit: AuditService; now: () => Date }) {
  return {
    /** Every stage with its count and its most recently moved applications. */
    async board(query: ApplicationBoardQuery): Promise<ApplicationBoardColumn[]> {
      const condition = where(query);
      const counts = await db
        .select({ stage: jobApplications.stage, n: count() })
        .from(jobApplications)
        .where(condition)
        .groupBy(jobApplications.stage);
      return Promise.all(
        applicationStages.map(async (stage) => {
          const rows = await db
            .select(columns)
            .from(jobApplications)
            .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
            .where(and(condition, eq(jobApplications.stage, stage)))
            .orderBy(desc(jobApplications.stageChangedAt), desc(jobApplications.id))
            .limit(PER_COLUMN);
          return {
            stage,
            count: counts.find((c) => c.stage === stage)?.n ?? 0,
            applications: rows.map(toRow),
          };
        }),
      );
    },

    /**
     * Moves the ticked applications, or every one the filters select (at most MAX_MATCHING), to one stage:
     * each gets its history entry and its audit entry in the one transaction. Anonymised applications and
     * those already there stay as they are.
     */
    async changeStageMany(
      actor: Actor,
      change: BulkStageChange,
      query: Partial<ApplicationListQuery>,
    ): Promise<{ moved: number; message: string }> {
      const reason = change.stage === "rejected" ? (change.reason ?? null) : null;
      const selected = change.ids ? inArray(jobApplications.id, change.ids) : where(query);
      return db.transaction(async (tx) => {
        const matching = await tx
          .select({
            id: jobApplications.id,
            stage: jobApplications.stage,
            rejectReason: jobApplications.rejectReason,
            jobId: jobApplications.jobId,
          })
          .from(jobApplications)
          .where(
            and(
              selected,
              isNull(jobApplications.anonymisedAt),
              or(
                ne(jobApplications.stage, change.stage),
                reason === null ? undefined : sql`${jobApplications.rejectReason} is distinct from ${reason}`,
              ),
            ),
          )
          .orderBy(asc(jobApplications.id))
          .limit(MAX_MATCHING + 1)
          .for("update");
        if (matching.length > MAX_MATCHING)
          throw new DomainError(
            "unprocessable",
            `The filters select more than ${MAX_MATCHING.toLocaleString("en-IN")} applications to move; one move takes at most ${MAX_MATCHING.toLocaleString("en-IN")}. Narrow the filters and move them in parts.`,
          );
        const to = stageLabels[change.stage];
        if (matching.length === 0)
          return { moved: 0, message: `No application needed moving: they are all in ${to} or anonymised.` };
        const at = deps.now();
        await tx
          .update(jobApplications)
          .set({ stage: change.stage, rejectReason: reason, stageChangedAt: at, updatedAt: at })
          .where(
            inArray(
              jobApplications.id,
              matching.map((m) => m.id),
            ),
          );
        await insertInBatches(matching, (batch) =>
          tx.insert(jobApplicationStages).values(
            batch.map((m) => ({
              applicationId: m.id,
              fromStage: m.stage,
              toStage: change.stage,
              reason,
              operatorName: actor.username,
              createdAt: at,
            })),
          ),
        );
        await deps.audit.recordMany(
          actor,
          "stage_changed",
          "job_application",
          matching.map((m) => ({
            id: m.id,
            before: auditView(m),
            after: auditView({ ...m, stage: change.stage, rejectReason: reason }),
          })),
          tx,
        );
        return { moved: matching.length, message: `${plural(matching.length)} moved to ${to}.` };
      });
    },

    /** Every job, open ones first, then the newest: the Job filter lists them all. */
    async jobOptions() {
      return db
        .select({ id: jobs.id, job_title: jobs.jobTitle, status: jobs.status })
        .from(jobs)
        .orderBy(sql`${jobs.status} = 'closed'`, desc(jobs.createdAt), desc(jobs.id));
    },
  };
}
