import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { jobApplications, jobs } from "#db/schema/index.ts";
import { replySchema, type Reply, type Thread } from "#schemas/thread.ts";
import { SITE_NAME } from "#shared/site.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/service";
import { sendReply, threadOf, type Original } from "../threads/thread";
import { mailAbout } from "./application-mails";

/** The "thank you / not this time" mail offered on Reject; the operator edits it before it goes, or sends none. */
export const REJECTION_TEMPLATE = {
  subject: "Your application to {company}",
  body: [
    "Dear {first_name},",
    "",
    "Thank you for applying for {job} at {company}, and for the time you gave to it. We have read your application carefully and have decided not to take it further this time.",
    "",
    "This is no judgement of your worth: we had to choose among many good applications. We will keep your details only as you agreed when you applied, and we wish you every success.",
    "",
    "Kind regards,",
    "The {company} hiring team",
  ].join("\n"),
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

async function findForReply(via: Database, id: number, lock = false) {
  const query = via
    .select({
      firstName: jobApplications.firstName,
      lastName: jobApplications.lastName,
      email: jobApplications.email,
      coverNote: jobApplications.coverNote,
      general: jobApplications.general,
      anonymisedAt: jobApplications.anonymisedAt,
      createdAt: jobApplications.createdAt,
      jobTitle: jobs.jobTitle,
      company: jobs.company,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  const [row] = lock ? await query.for("update", { of: jobApplications }) : await query;
  if (!row) throw new DomainError("not_found", "Application not found");
  const job = row.general || !row.jobTitle ? "a role with us" : row.jobTitle;
  const original: Original = {
    name: `${row.firstName} ${row.lastName}`.trim() || "The candidate",
    subject: row.general || !row.jobTitle ? "General application" : `Application: ${row.jobTitle}`,
    text: row.coverNote || "(The application came without a cover note.)",
    at: row.createdAt,
  };
  return { row, job, company: row.company ?? SITE_NAME, original };
}

/** Answers to a candidate from the console: through the outbox, kept in the application's thread, audited. */
export function createApplicationReplies(
  db: Database,
  deps: { settings: SettingsService; audit: AuditService },
) {
  /**
   * Mails `input` to the candidate in `tx` (Reply-To `hrEmail`, the hiring address, read before the
   * transaction: the embedded database has one connection), their cover note quoted below it;
   * the audit entry names no one (the application's name is read from the record, and erasure blanks it).
   */
  async function replyIn(
    tx: Database,
    actor: Actor,
    id: number,
    input: Reply,
    { kind, hrEmail }: { kind: "reply" | "rejection"; hrEmail: string },
  ) {
    const reply = replySchema.parse(input);
    const { row, original } = await findForReply(tx, id, true);
    if (row.anonymisedAt || !row.email)
      throw new DomainError(
        "conflict",
        "This application was anonymised; the candidate can no longer be mailed.",
      );
    const sent = await sendReply(tx, actor, {
      owner: { applicationId: id },
      to: row.email,
      replyTo: hrEmail,
      reply,
      original,
      about: mailAbout(id),
    });
    await deps.audit.record(
      actor,
      "reply_sent",
      "job_application",
      id,
      null,
      { kind, subject: reply.subject, thread_message_id: sent.messageId, mail_id: sent.mailId },
      tx,
    );
  }

  /** The application's thread, with the subject a reply starts from and the filled-in rejection mail. */
  async function thread(id: number): Promise<Thread> {
    const { row, job, company, original } = await findForReply(db, id);
    const values = { first_name: row.firstName, job, company };
    return {
      to: row.email,
      messages: await threadOf(db, { applicationId: id }, original),
      draft: { subject: `Re: Your application to ${company}`, body: `Dear ${row.firstName},\n\n` },
      rejection: {
        subject: fill(REJECTION_TEMPLATE.subject, values),
        body: fill(REJECTION_TEMPLATE.body, values),
      },
    };
  }

  return {
    thread,
    replyIn,
    async reply(actor: Actor, id: number, input: Reply): Promise<Thread> {
      const { hr_email: hrEmail } = await deps.settings.get();
      await db.transaction((tx) => replyIn(tx, actor, id, input, { kind: "reply", hrEmail }));
      return thread(id);
    },
  };
}
