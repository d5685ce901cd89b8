import { and, asc, eq, sql } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { Database } from "#db/client.ts";
import { mailOutbox } from "#db/schema/index.ts";
import {
  applicationJobLabel,
  rejectReasonLabels,
  stageLabels,
  type ApplicationDetail,
} from "#schemas/application.ts";
import { formatDateTime, todayInIndia } from "#shared/india-time.ts";
import { slugify } from "#shared/slug.ts";
import { mailAbout } from "./application-mails";

/** A mail the candidate was sent (or is about to be), as the outbox holds it. */
export interface CandidateMail {
  to: string;
  subject: string;
  text: string;
  status: string;
  queued_at: string;
  sent_at: string | null;
}

/** The mails to the candidate's own address about this application, oldest first (not the team's notices). */
export async function candidateMails(db: Database, detail: ApplicationDetail): Promise<CandidateMail[]> {
  if (!detail.email) return [];
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.about, mailAbout(detail.id)),
        eq(sql`lower(${mailOutbox.recipient})`, detail.email.toLowerCase()),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((m) => ({
    to: m.recipient,
    subject: m.subject,
    text: m.text,
    status: m.status,
    queued_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
  }));
}

const line = (label: string, value: string | number | boolean | null | undefined) =>
  `${label}: ${value === null || value === undefined || value === "" ? "—" : String(value)}`;

/** The application as a person reads it: one fact a line, times in India time. */
export function readableText(detail: ApplicationDetail, mails: CandidateMail[]): string {
  const out = [
    `Application ${detail.id}: everything stored about ${detail.first_name} ${detail.last_name}`.trim(),
    "",
    line("Job", applicationJobLabel(detail)),
    line("Applied", formatDateTime(detail.created_at)),
    line("First name", detail.first_name),
    line("Last name", detail.last_name),
    line("E-mail", detail.email),
    line("Phone", detail.phone),
    line("City", detail.city),
    line("Notice period", detail.notice_period),
    line("Profile", detail.profile_url),
    line("Stage", stageLabels[detail.stage]),
    line("Reject reason", detail.reject_reason ? rejectReasonLabels[detail.reject_reason] : null),
    line("Keep the CV for future openings", detail.keep_for_future ? "yes" : "no"),
    line("Consent given", formatDateTime(detail.consented_at)),
    line("CV", detail.cv_file_name ? `${detail.cv_file_name} (in this archive)` : "none kept"),
    "",
    "Cover note:",
    detail.cover_note || "—",
  ];
  if (detail.answers?.length) {
    out.push("", "Answers:");
    for (const a of detail.answers) out.push(`- ${a.question}`, `  ${a.answer || "—"}`);
  }
  if (detail.history.length) {
    out.push("", "Stages:");
    for (const h of detail.history)
      out.push(
        `- ${formatDateTime(h.at)}: ${h.from ? `${stageLabels[h.from]} → ` : ""}${stageLabels[h.to]}` +
          `${h.reason ? ` (${rejectReasonLabels[h.reason]})` : ""}, by ${h.by}`,
      );
  }
  if (detail.notes.length) {
    out.push("", "Notes of the hiring team:");
    for (const n of detail.notes) out.push(`- ${formatDateTime(n.created_at)}, ${n.author}: ${n.text}`);
  }
  if (detail.submissions.length)
    out.push("", line("Sent the form again", `${detail.submissions.length} time(s)`));
  out.push("", `Mails sent to the candidate: ${mails.length} (each in the mails folder)`);
  return `${out.join("\n")}\n`;
}

const mailFile = (mail: CandidateMail, n: number) =>
  `mails/${String(n).padStart(2, "0")}-${mail.queued_at.slice(0, 10)}-${slugify(mail.subject).slice(0, 60) || "mail"}.txt`;

const mailText = (mail: CandidateMail) =>
  [
    line("To", mail.to),
    line("Subject", mail.subject),
    line("Queued", formatDateTime(mail.queued_at)),
    line("Sent", mail.sent_at ? formatDateTime(mail.sent_at) : `not sent (${mail.status})`),
    "",
    mail.text,
    "",
  ].join("\n");

/**
 * A data access request's answer as one zip: the stored data as JSON, the same as readable text, the CV as
 * it was uploaded, and each mail sent to the candidate.
 */
export function candidateZip(
  detail: ApplicationDetail,
  mails: CandidateMail[],
  cv: { name: string; bytes: Uint8Array } | null,
  today = todayInIndia(),
): { fileName: string; bytes: Uint8Array } {
  const who = slugify(`${detail.first_name} ${detail.last_name}`) || "candidate";
  const base = `application-${detail.id}-${who}-${today}`;
  const files: Zippable = {
    "application.json": strToU8(`${JSON.stringify({ ...detail, mails }, null, 2)}\n`),
    "application.txt": strToU8(readableText(detail, mails)),
  };
  if (cv) files[`cv/${cv.name}`] = [cv.bytes, { level: 0 }];
  mails.forEach((mail, i) => (files[mailFile(mail, i + 1)] = strToU8(mailText(mail))));
  return { fileName: `${base}.zip`, bytes: zipSync({ [base]: files }, { level: 6 }) };
}
