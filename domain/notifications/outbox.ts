import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { oweCompaction } from "#db/compaction.ts";
import { auditLog, mailOutbox } from "#db/schema/index.ts";
import type { MailMessage, MailStatus } from "#schemas/mail.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { startPolling } from "../polling";
import { containsAny, orderBy } from "../sql";
import type { Mail, Mailer } from "./mailer";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BASE_MS, retryDelayMs } from "./retry-schedule";

/**
 * Queues `mail` in `tx`, the transaction of the record that causes it: both are stored, or neither. `about`
 * names that record when the mail carries its personal data, so erasing the record reaches the mail too.
 * Mail a visitor's request sends to an address the visitor typed goes through enqueueVisitorMail instead.
 */
export async function enqueueMail(tx: Database, mail: Mail, about?: string): Promise<void> {
  await insertMail(tx, mail, { about });
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
) {
  await tx.insert(mailOutbox).values({
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
  });
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
  // A retry's audit entry names the recipient and the subject: those go too.
  const ids = [...unsent, ...kept].map((m) => String(m.id));
  if (ids.length === 0) return;
  // The caller compacts after its transaction: until then the files keep the old versions.
  await oweCompaction(tx, [mailOutbox, auditLog]);
  const strip = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`case when ${column} is null then null else ${column} - array['to', 'subject', 'last_error'] end`;
  await tx
    .update(auditLog)
    .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
    .where(and(eq(auditLog.entity, "mail"), inArray(auditLog.entityId, ids)));
}

/** A claim holds a message this long; a sender that crashed mid-send leaves it to be retried after. */
export const LEASE_MS = 120_000;
const BATCH = 10;
const ERROR_LENGTH = 500;

type Row = typeof mailOutbox.$inferSelect;

const toMessage = (r: Row): MailMessage => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  last_error: r.lastError,
  next_attempt_at: r.nextAttemptAt.toISOString(),
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
});

const sortable = {
  created_at: mailOutbox.createdAt,
  to: mailOutbox.recipient,
  attempts: mailOutbox.attempts,
  status: mailOutbox.status,
};

const afterMs = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

export interface OutboxOptions {
  mailer: Mailer;
  audit: AuditService;
  log: Pick<Logger, "info" | "warn" | "error">;
  retryBaseMs?: number;
  maxAttempts?: number;
}

export function createMailOutbox(db: Database, options: OutboxOptions) {
  const { mailer, audit, log } = options;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  /**
   * Takes up to BATCH due messages for this process: rows another instance holds are skipped, and the claim
   * moves their next attempt past the lease, so no other sender picks them up while this one sends.
   */
  async function claim(): Promise<Row[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: afterMs(LEASE_MS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: Row) {
    // Only the claim this process holds is settled: after a lease ran out another sender owns the row.
    const ours = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts));
    try {
      const outcome = await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await db
        .update(mailOutbox)
        .set({ status: outcome, sentAt: outcome === "sent" ? sql`now()` : null, lastError: null })
        .where(ours);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
      const failed = row.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set(
          failed
            ? { status: "failed", lastError }
            : { lastError, nextAttemptAt: afterMs(retryDelayMs(row.attempts, retryBaseMs)) },
        )
        .where(ours);
      log[failed ? "error" : "warn"](
        { mailId: row.id, attempts: row.attempts, err: lastError },
        failed ? "e-mail failed for good; an admin can retry it in the console" : "e-mail attempt failed",
      );
    }
  }

  /** Sends every message that is due now; returns how many were attempted. */
  async function deliverDue(): Promise<number> {
    let attempted = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      await Promise.all(batch.map(deliver));
      attempted += batch.length;
      if (batch.length < BATCH) break;
    }
    return attempted;
  }

  function where(filter: { status?: MailStatus; search: string }): SQL | undefined {
    return and(
      filter.status ? eq(mailOutbox.status, filter.status) : undefined,
      containsAny(filter.search, [mailOutbox.recipient, mailOutbox.subject]),
    );
  }

  return {
    deliverDue,

    async list(query: ListQuery & { status?: MailStatus }) {
      const condition = where(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(mailOutbox.createdAt), mailOutbox.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.$count(mailOutbox, condition),
      ]);
      return { rows: rows.map(toMessage), total };
    },

    /** Puts a failed message back in the queue for an attempt now, with a fresh round of retries. */
    async retry(actor: Actor, id: number): Promise<MailMessage> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
        if (!before) throw new DomainError("not_found", "Message not found");
        if (before.status !== "failed")
          throw new DomainError(
            "conflict",
            `This message is ${before.status}; only a failed message can be retried.`,
          );
        if (!before.recipient)
          throw new DomainError(
            "conflict",
            "This message's personal data was erased; it can no longer be sent.",
          );
        const [after] = await tx
          .update(mailOutbox)
          .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
          .where(eq(mailOutbox.id, id))
          .returning();
        await audit.record(actor, "update", "mail", id, toMessage(before), toMessage(after!), tx);
        return toMessage(after!);
      });
    },

    /**
     * Delivers in the background: at once, then every `pollMs`. `stop` waits for the sends under way, so a
     * graceful shutdown never cuts a message off mid-send (an unsent claim is retried after its lease).
     */
    startWorker({ pollMs = 1_000 }: { pollMs?: number } = {}) {
      // One line per outage (e.g. the database is unreachable), not one a second.
      let failing = false;
      return startPolling(
        () =>
          deliverDue().then(
            () => {
              if (failing) log.info("mail outbox: delivery rounds work again");
              failing = false;
            },
            (error: unknown) => {
              if (!failing)
                log.error({ err: error }, "mail outbox: delivery round failed; retrying every poll");
              failing = true;
            },
          ),
        pollMs,
      );
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
