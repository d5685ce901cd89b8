import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { mailOutbox } from "#db/schema/index.ts";
import type { MailMessage, MailStatus } from "#schemas/mail.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { startPolling } from "../polling";
import { containsAny, orderBy } from "../sql";
import type { Mailer } from "./mailer";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BASE_MS, retryDelayMs } from "./retry-schedule";

// What records write into the outbox, in their own transactions: kept where the callers have always found it.
export {
  enqueueMail,
  enqueueScheduledMail,
  enqueueVisitorMail,
  eraseMailAbout,
  VISITOR_MAILS_PER_RECIPIENT,
} from "./enqueue";

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
        ...(row.attachments?.length ? { attachments: row.attachments } : {}),
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
