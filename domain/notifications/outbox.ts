import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { mailAttempts, mailOutbox } from "#db/schema/index.ts";
import type { MailAttempt, MailFailures, MailMessage, MailStatus } from "#schemas/mail.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { startPolling } from "../polling";
import { containsAny, orderBy } from "../sql";
import type { Mailer } from "./mailer";
import { explainMailError } from "./mail-errors";
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

const toMessage = (r: Row, history: MailAttempt[] = []): MailMessage => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  last_error: r.lastError,
  error_explained: r.status === "sent" ? null : explainMailError(r.lastError),
  attempt_history: history,
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

  /**
   * Records how an attempt ended, on the message and in its history, together. Only the claim this process
   * holds is settled: after a lease ran out another sender owns the row, and its attempt is the one kept.
   */
  async function settle(
    row: Row,
    change: PgUpdateSetSource<typeof mailOutbox>,
    attempt: Pick<typeof mailAttempts.$inferInsert, "outcome" | "error">,
  ) {
    await db.transaction(async (tx) => {
      const ours = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts));
      const settled = await tx.update(mailOutbox).set(change).where(ours).returning({ id: mailOutbox.id });
      if (settled.length > 0) await tx.insert(mailAttempts).values({ mailId: row.id, ...attempt });
    });
  }

  async function deliver(row: Row) {
    try {
      const outcome = await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await settle(
        row,
        { status: outcome, sentAt: outcome === "sent" ? sql`now()` : null, lastError: null },
        { outcome, error: null },
      );
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
      // A Retry starts a new round of automatic retries: the attempts before it stay in the history.
      const round = row.attempts - row.attemptsBeforeRetry;
      const failed = round >= maxAttempts;
      await settle(
        row,
        failed
          ? { status: "failed", lastError }
          : { lastError, nextAttemptAt: afterMs(retryDelayMs(round, retryBaseMs)) },
        { outcome: "failed", error: lastError },
      );
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

  /** Each message's attempts, oldest first. */
  async function historyOf(ids: number[], executor: Pick<Database, "select"> = db) {
    const history = new Map<number, MailAttempt[]>();
    if (ids.length === 0) return history;
    const rows = await executor
      .select()
      .from(mailAttempts)
      .where(inArray(mailAttempts.mailId, ids))
      .orderBy(asc(mailAttempts.id));
    for (const r of rows) {
      const list = history.get(r.mailId) ?? [];
      list.push({ at: r.attemptedAt.toISOString(), outcome: r.outcome, error: r.error });
      history.set(r.mailId, list);
    }
    return history;
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
      const history = await historyOf(rows.map((r) => r.id));
      return { rows: rows.map((r) => toMessage(r, history.get(r.id))), total };
    },

    /** How many messages failed for good, and a mark of that set (the last failed attempt among them). */
    async failures(): Promise<MailFailures> {
      const [row] = await db
        .select({
          failed: sql<number>`count(distinct ${mailOutbox.id})::int`,
          latest: sql<number | null>`max(${mailAttempts.id})`,
        })
        .from(mailOutbox)
        .leftJoin(mailAttempts, eq(mailAttempts.mailId, mailOutbox.id))
        .where(eq(mailOutbox.status, "failed"));
      const failed = row?.failed ?? 0;
      return { failed, failure_set: failed ? `${failed}:${row?.latest ?? 0}` : "" };
    },

    /**
     * Puts a failed message back in the queue for an attempt now, with a fresh round of automatic retries;
     * the attempts so far stay in its history.
     */
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
          .set({ status: "pending", attemptsBeforeRetry: before.attempts, nextAttemptAt: sql`now()` })
          .where(eq(mailOutbox.id, id))
          .returning();
        const audited = (r: Row) => {
          const { error_explained: _e, attempt_history: _h, ...rest } = toMessage(r);
          return rest;
        };
        await audit.record(actor, "mail_retried", "mail", id, audited(before), audited(after!), tx);
        return toMessage(after!, (await historyOf([id], tx)).get(id));
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
