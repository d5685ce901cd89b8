import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { jobApplicationStages, jobApplicationSubmissions, jobApplications, jobs } from "#db/schema/index.ts";
import type { ApplicationFields } from "#schemas/application.ts";
import type { ApplicationAnswer } from "#schemas/job-answers.ts";
import { SITE_NAME } from "#shared/site.ts";
import { DomainError } from "../errors";
import { enqueueMail, enqueueVisitorMail } from "../notifications/outbox";
import type { PublicAddressService } from "../settings/public-address";
import type { SettingsService } from "../settings/service";
import {
  candidateConfirmation,
  hiringNotification,
  mailAbout,
  type ApplicationMailContext,
} from "./application-mails";
import { cvFileName, type CheckedCv } from "./cv-file";

// Advisory locks of applications (one candidate, one job), apart from the other lock spaces.
const APPLICATION_LOCK_SPACE = 736_038;

export interface SubmitDeps {
  settings: Pick<SettingsService, "get">;
  publicAddress: Pick<PublicAddressService, "url">;
  now: () => Date;
}

/**
 * Takes an application for an open job, or a general one (`jobId` null) for when no open job fits, which
 * counts as one more job. The same address (any case) applying to the same job again changes nothing of the
 * application: what was sent is kept beside it as a submission, since anyone who knows the address can send
 * the form (docs/decisions/0018-repeat-applications.md). The answer is the same either way, so it tells no
 * one who applied where. The candidate's confirmation (at most one a day per address and job) and the hiring
 * address's notification are queued in the same transaction.
 */
export async function submitApplication(
  db: Database,
  deps: SubmitDeps,
  jobId: number | null,
  fields: ApplicationFields,
  cv: { bytes: Buffer; name?: string; checked: CheckedCv },
  answers: ApplicationAnswer[] = [],
): Promise<{ id: number; repeat: boolean }> {
  const job = jobId === null ? GENERAL : await openJobFor(db, deps, jobId);
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
      sql`select pg_advisory_xact_lock(${APPLICATION_LOCK_SPACE}, hashtext(${`${jobId ?? "general"}\u001f${email}`}))`,
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
          jobId === null ? eq(jobApplications.general, true) : eq(jobApplications.jobId, jobId),
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
        .values({ ...sent, applicationId: id, stageThen: existing.stage, createdAt: deps.now() });
      // Only the count and the time move: retention counts from the newest personal data kept.
      await tx
        .update(jobApplications)
        .set({ resubmissions: sql`${jobApplications.resubmissions} + 1`, updatedAt: deps.now() })
        .where(eq(jobApplications.id, id));
    } else {
      const [saved] = await tx
        .insert(jobApplications)
        .values({ ...sent, jobId, general: jobId === null, consentedAt: deps.now(), updatedAt: deps.now() })
        .returning({ id: jobApplications.id });
      id = saved!.id;
      await tx
        .insert(jobApplicationStages)
        .values({ applicationId: id, toStage: "new", operatorName: "candidate" });
    }
    const context = { job, fields, existing };
    await enqueueVisitorMail(
      tx,
      // Reply (the confirmation offers it for data requests) reaches the hiring address.
      { to: fields.email, replyTo: settings.hr_email, ...candidateConfirmation(context) },
      {
        about: mailAbout(id),
        topic: `application:${jobId ?? "general"}`,
      },
    );
    await enqueueMail(
      tx,
      {
        to: settings.hr_email,
        replyTo: fields.email,
        ...hiringNotification({
          ...context,
          id,
          cv: { fileName, size: cv.bytes.length },
          answers,
          consoleAddress,
        }),
      },
      mailAbout(id),
    );
    return { id, repeat: Boolean(existing) };
  });
}

/** What the mails say of an application for no particular job. */
const GENERAL: ApplicationMailContext["job"] = {
  title: "General application",
  company: SITE_NAME,
  general: true,
};

/** The job applied for, refused when it does not exist or no longer takes applications. */
async function openJobFor(db: Database, deps: SubmitDeps, jobId: number) {
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
  if (job.status !== "open" || (job.validThrough && job.validThrough <= deps.now()))
    throw new DomainError(
      "conflict",
      `Applications for "${job.title}" are closed: the position is no longer open. See our other open positions on the careers page.`,
    );
  return job;
}
