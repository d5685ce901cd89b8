import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { oweCompaction } from "#db/compaction.ts";
import { auditLog, mailAttempts, mailOutbox } from "#db/schema/index.ts";
import type { Mail } from "./mailer";

/**
 * Queues `mail` in `tx`, the transaction of the record that causes it: both are stored, or neither; answers
 * the outbox row's id. `about`
 * names that record when the mail carries its personal data, so erasing the record reaches the mail too.
 * Mail a visitor's request sends to an address the visitor typed goes through enqueueVisitorMail instead.
 */
export async function enqueueMail(tx: Database, mail: Mail, about?: string): Promise<number> {
  return insertMail(tx, mail, { about });
}

/**
 * Queues a team mail in `tx` to go out at `notBefore` (not earlier), under `topic`, by which the caller
 * finds it again while it waits (a digest that later events rewrite).
 */
export async function enqueueScheduledMail(
  tx: Database,
  mail: Mail,
  { topic, notBefore }: { topic: string; notBefore: Date },
): Promise<void> {
  await insertMail(tx, mail, { topic, notBefore });
}

async function insertMail(
  tx: Database,
  mail: Mail,
  extra: { about?: string; topic?: string; visitor?: true; notBefore?: Date },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? null,
      replyTo: mail.replyTo ?? null,
      about: extra.about ?? null,
      visitor: extra.visitor ?? false,
      topic: extra.topic ?? null,
      ...(extra.notBefore ? { nextAttemptAt: extra.notBefore } : {}),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Mail visitors may cause to one address (any case) in a day, whatever it is about. */
export const VISITOR_MAILS_PER_RECIPIENT = 10;
// Advisory locks of visitor mail (one recipient), apart from the other lock spaces.
const VISITOR_MAIL_LOCK_SPACE = 736_041;

/**
 * Queues mail that a visitor's request sends to an address the visitor typed (a candidate's confirmation),
 * unless that address already had VISITOR_MAILS_PER_RECIPIENT such mails in the last 24 hours, or one about
 * the same `topic`: anyone can type anyone's address, so the site must not become a way to mail someone
 * over and over. Answers whether the mail was queued; the request itself goes on either way.
 */
export async function enqueueVisitorMail(
  tx: Database,
  mail: Mail,
  { about, topic }: { about?: string; topic?: string },
): Promise<boolean> {
  const recipient = mail.to.toLowerCase();
  // Held to the end of the transaction: two requests for one address count one after the other.
  await tx.execute(sql`select pg_advisory_xact_lock(${VISITOR_MAIL_LOCK_SPACE}, hashtext(${recipient}))`);
  const [counted] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      same: topic
        ? sql<number>`(count(*) filter (where ${mailOutbox.topic} = ${topic}))::int`
        : sql<number>`0`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.visitor, true),
        eq(sql`lower(${mailOutbox.recipient})`, recipient),
        gte(mailOutbox.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if (counted && (counted.all >= VISITOR_MAILS_PER_RECIPIENT || counted.same > 0)) return false;
  await insertMail(tx, mail, { about, topic, visitor: true });
  return true;
}

/**
 * Removes the personal data of the mail about these records: what is still waiting is not sent, what was sent
 * or failed keeps only its status and dates (the mail log), under `subject`.
 */
export async function eraseMailAbout(tx: Database, about: string[], subject: string): Promise<void> {
  if (about.length === 0) return;
  const unsent = await tx
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.about, about), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  const kept = await tx
    .update(mailOutbox)
    .set({ recipient: "", subject, text: "", html: null, headers: null, replyTo: null, lastError: null })
    .where(inArray(mailOutbox.about, about))
    .returning({ id: mailOutbox.id });
  // An attempt's error can quote the address ("550 <name@example.com> unknown"): the errors go, the times stay.
  if (kept.length > 0)
    await tx
      .update(mailAttempts)
      .set({ error: null })
      .where(
        inArray(
          mailAttempts.mailId,
          kept.map((m) => m.id),
        ),
      );
  // A retry's audit entry names the recipient and the subject: those go too.
  const ids = [...unsent, ...kept].map((m) => String(m.id));
  if (ids.length === 0) return;
  // The caller compacts after its transaction: until then the files keep the old versions.
  await oweCompaction(tx, [mailOutbox, mailAttempts, auditLog]);
  const strip = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`case when ${column} is null then null else ${column} - array['to', 'subject', 'last_error'] end`;
  await tx
    .update(auditLog)
    .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
    .where(and(eq(auditLog.entity, "mail"), inArray(auditLog.entityId, ids)));
}
