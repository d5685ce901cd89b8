import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { mailOutbox, threadMessages } from "#db/schema/index.ts";
import type { Reply, ThreadMessage } from "#schemas/thread.ts";
import { formatDateTime } from "#shared/india-time.ts";
import type { Actor } from "../audit/service";
import { enqueueMail } from "../notifications/enqueue";
import { plainMail } from "../notifications/plain-mail";

/** The record a thread belongs to: one enquiry or one application. */
export type ThreadOwner = { enquiryId: number } | { applicationId: number };

const ownerColumn = (owner: ThreadOwner) =>
  "enquiryId" in owner
    ? eq(threadMessages.enquiryId, owner.enquiryId)
    : eq(threadMessages.applicationId, owner.applicationId);

/** The person's own first message, which opens the thread: the enquiry's message, the application's note. */
export interface Original {
  name: string;
  subject: string;
  text: string;
  at: Date;
}

/** "On 29 Nov 2026, 10:15 IST, Asha Rao wrote:" and their words, each line marked as quoted. */
export function quote(original: Original): string {
  const lines = original.text.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"));
  return [`On ${formatDateTime(original.at)}, ${original.name} wrote:`, ...lines].join("\n");
}

/** The reply's mail: the operator's words, then the person's own message quoted below. */
export function replyMail(to: string, replyTo: string, reply: Reply, original: Original) {
  return { to, replyTo, subject: reply.subject, ...plainMail([reply.body, quote(original)]) };
}

/** The thread in order: the person's message first, then every message after it, oldest first. */
export async function threadOf(
  via: Database,
  owner: ThreadOwner,
  original: Original,
): Promise<ThreadMessage[]> {
  const rows = await via
    .select({
      id: threadMessages.id,
      direction: threadMessages.direction,
      author: threadMessages.operatorName,
      subject: threadMessages.subject,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
    })
    .from(threadMessages)
    .leftJoin(mailOutbox, eq(mailOutbox.id, threadMessages.mailId))
    .where(ownerColumn(owner))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  return [
    {
      id: 0,
      direction: "in",
      author: "",
      subject: original.subject,
      body: original.text,
      created_at: original.at.toISOString(),
      status: null,
      last_error: null,
    },
    ...rows.map((r) => ({
      id: r.id,
      direction: r.direction,
      author: r.author,
      subject: r.subject,
      body: r.body,
      created_at: r.createdAt.toISOString(),
      status: r.status ?? null,
      last_error: r.lastError ?? null,
    })),
  ];
}

/**
 * Queues the reply in the outbox and keeps it in the thread, in `tx` (the caller's audit entry commits with
 * them). `about` names the record whose erasure must reach the mail.
 */
export async function sendReply(
  tx: Database,
  actor: Actor,
  {
    owner,
    to,
    replyTo,
    reply,
    original,
    about,
  }: { owner: ThreadOwner; to: string; replyTo: string; reply: Reply; original: Original; about?: string },
): Promise<{ messageId: number; mailId: number }> {
  const mailId = await enqueueMail(tx, replyMail(to, replyTo, reply, original), about);
  const [row] = await tx
    .insert(threadMessages)
    .values({
      ...owner,
      direction: "out",
      operatorId: actor.operatorId > 0 ? actor.operatorId : null,
      operatorName: actor.username,
      subject: reply.subject,
      body: reply.body,
      mailId,
    })
    .returning({ id: threadMessages.id });
  return { messageId: row!.id, mailId };
}
