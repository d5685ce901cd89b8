import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { auditLog, compactionDue, mailAttempts, mailOutbox } from "#db/schema/index.ts";
import { listQuerySchema } from "#schemas/list-query.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createActor } from "#tests/support/factories.ts";
import { createAuditService } from "../audit/service";
import type { Mail } from "./mailer";
import {
  createMailOutbox,
  enqueueMail,
  enqueueScheduledMail,
  enqueueVisitorMail,
  eraseMailAbout,
  LEASE_MS,
  VISITOR_MAILS_PER_RECIPIENT,
} from "./outbox";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(mailOutbox);
});

const silent = { info() {}, warn() {}, error() {} };
const mail = (n = 1): Mail => ({ to: "team@example.com", subject: `Subject ${n}`, text: `Body ${n}` });

/** An outbox whose mailer records what it sends, and throws while `failing` is set. */
function outbox(options: { maxAttempts?: number } = {}) {
  const sent: Mail[] = [];
  const state = { failing: false };
  const box = createMailOutbox(handle.db, {
    mailer: {
      async send(m) {
        if (state.failing) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
        sent.push(m);
        return "sent";
      },
    },
    audit: createAuditService(handle.db),
    log: silent,
    retryBaseMs: 1_000,
    ...options,
  });
  return { box, sent, state };
}
const rows = () => handle.db.select().from(mailOutbox).orderBy(mailOutbox.id);
/** Makes every pending message due now, as if its wait had passed. */
const makeDue = () => handle.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

describe("enqueueMail", () => {
  it("stores the message with the transaction that causes it, and not when that transaction rolls back", async () => {
    await handle.db.transaction((tx) => enqueueMail(tx, mail(1)));
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueMail(tx, mail(2));
        throw new Error("the record failed");
      }),
    ).rejects.toThrow("the record failed");
    expect((await rows()).map((r) => r.subject)).toEqual(["Subject 1"]);
  });

  it("stores every part of the message, and what it is about", async () => {
    const full: Mail = {
      ...mail(1),
      html: "<p>Body 1</p>",
      headers: { "List-Unsubscribe": "<https://example.com/u>" },
      replyTo: "asha@example.com",
    };
    await handle.db.transaction((tx) => enqueueMail(tx, full, "job_application:7"));
    await handle.db.transaction((tx) => enqueueMail(tx, mail(2)));
    expect(await rows()).toMatchObject([
      {
        recipient: "team@example.com",
        subject: "Subject 1",
        text: "Body 1",
        html: "<p>Body 1</p>",
        headers: { "List-Unsubscribe": "<https://example.com/u>" },
        replyTo: "asha@example.com",
        about: "job_application:7",
        visitor: false,
        topic: null,
        status: "pending",
      },
      { subject: "Subject 2", html: null, headers: null, replyTo: null, about: null, visitor: false },
    ]);
  });

  it("queues a scheduled mail under its topic, not to be sent before its time", async () => {
    const notBefore = new Date(Date.now() + 3_600_000);
    await handle.db.transaction((tx) => enqueueScheduledMail(tx, mail(1), { topic: "digest:3", notBefore }));
    const [row] = await rows();
    expect(row).toMatchObject({ topic: "digest:3", about: null, visitor: false, status: "pending" });
    expect(row!.nextAttemptAt.getTime()).toBe(notBefore.getTime());
    const { box, sent } = outbox();
    expect(await box.deliverDue()).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe("enqueueVisitorMail", () => {
  const toVisitor = (to: string, n: number): Mail => ({ to, subject: `Visitor ${n}`, text: `Body ${n}` });
  const queue = (m: Mail, topic?: string) =>
    handle.db.transaction((tx) => enqueueVisitorMail(tx, m, { topic }));

  it(`queues at most ${VISITOR_MAILS_PER_RECIPIENT} mails a day to one address, whatever its case; the team's mail is not counted`, async () => {
    const queued: boolean[] = [];
    for (let n = 0; n < VISITOR_MAILS_PER_RECIPIENT + 2; n++)
      queued.push(await queue(toVisitor(n % 2 ? "Asha@Example.com" : "asha@example.COM", n)));
    expect(queued).toEqual([...Array<boolean>(VISITOR_MAILS_PER_RECIPIENT).fill(true), false, false]);
    // Mail the site sends its own team is not a visitor's to count.
    await handle.db.transaction((tx) => enqueueMail(tx, { ...mail(1), to: "asha@example.com" }));
    expect(await queue(toVisitor("ravi@example.com", 1))).toBe(true);
    expect((await rows()).length).toBe(VISITOR_MAILS_PER_RECIPIENT + 2);
    // A day later the address may be mailed again.
    await handle.db.update(mailOutbox).set({ createdAt: sql`now() - interval '25 hours'` });
    expect(await queue(toVisitor("asha@example.com", 99))).toBe(true);
  });

  it("queues one mail a day per address and topic", async () => {
    expect(await queue(toVisitor("asha@example.com", 1), "application:7")).toBe(true);
    expect(await queue(toVisitor("ASHA@example.com", 2), "application:7")).toBe(false);
    expect(await queue(toVisitor("asha@example.com", 3), "application:8")).toBe(true);
    expect(await queue(toVisitor("ravi@example.com", 4), "application:7")).toBe(true);
    expect((await rows()).map((r) => r.subject)).toEqual(["Visitor 1", "Visitor 3", "Visitor 4"]);
    expect((await rows()).map((r) => [r.visitor, r.topic])).toEqual([
      [true, "application:7"],
      [true, "application:8"],
      [true, "application:7"],
    ]);
  });

  it("stores what a visitor's mail is about", async () => {
    await handle.db.transaction((tx) =>
      enqueueVisitorMail(tx, toVisitor("asha@example.com", 1), { about: "job_application:7" }),
    );
    expect(await rows()).toMatchObject([{ about: "job_application:7", visitor: true, topic: null }]);
  });
});

describe("eraseMailAbout", () => {
  beforeEach(async () => {
    await handle.db.delete(auditLog);
    await handle.db.delete(compactionDue);
  });
  const about = (
    subject: string,
    on: string | undefined,
    set: Partial<typeof mailOutbox.$inferInsert> = {},
  ) =>
    handle.db.transaction(async (tx) => {
      await enqueueMail(
        tx,
        {
          to: "asha@example.com",
          subject,
          text: "Asha's cover note",
          html: "<p>note</p>",
          headers: { X: "1" },
          replyTo: "asha@example.com",
        },
        on,
      );
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .orderBy(sql`${mailOutbox.id} desc`)
        .limit(1);
      if (Object.keys(set).length) await tx.update(mailOutbox).set(set).where(eq(mailOutbox.id, row!.id));
      return row!.id;
    });
  const audited = (id: number, entity = "mail") =>
    handle.db.insert(auditLog).values({
      operatorName: "Admin",
      action: "update",
      entity,
      entityId: String(id),
      before: { to: "asha@example.com", subject: "Your application", last_error: "550 no", status: "failed" },
      after: entity === "mail" && id % 2 ? null : { to: "asha@example.com", subject: "x", status: "pending" },
    });
  const erase = (which: string[]) =>
    handle.db.transaction((tx) => eraseMailAbout(tx, which, "(application erased)"));

  it("drops what is still waiting, keeps only the status and dates of what was sent or failed, and strips the audit", async () => {
    const waiting = await about("Waiting", "job_application:7");
    const sent = await about("Sent", "job_application:7", { status: "sent", sentAt: new Date() });
    const failed = await about("Failed", "job_application:8", { status: "failed", lastError: "550 no" });
    const other = await about("Other", "job_application:9", { status: "sent" });
    const team = await about("Team", undefined);
    for (const id of [waiting, sent, failed, other]) await audited(id);
    await audited(sent, "job_application");

    await erase(["job_application:7", "job_application:8"]);

    const left = await rows();
    expect(left.map((r) => r.id)).toEqual([sent, failed, other, team]);
    for (const r of left.filter((r) => r.id === sent || r.id === failed))
      expect(r).toMatchObject({
        recipient: "",
        subject: "(application erased)",
        text: "",
        html: null,
        headers: null,
        replyTo: null,
        lastError: null,
      });
    expect(left.map((r) => r.status)).toEqual(["sent", "failed", "sent", "pending"]);
    expect(left.find((r) => r.id === sent)!.sentAt).toBeInstanceOf(Date);
    for (const r of left.filter((r) => r.id === other || r.id === team))
      expect(r).toMatchObject({
        recipient: "asha@example.com",
        text: "Asha's cover note",
        html: "<p>note</p>",
      });

    const audit = await handle.db.select().from(auditLog).orderBy(auditLog.id);
    const of = (id: number, entity = "mail") =>
      audit.find((a) => a.entity === entity && a.entityId === String(id))!;
    // Waiting (deleted) and sent: both had audit entries that named the recipient.
    for (const id of [waiting, sent, failed]) {
      expect(of(id).before).toEqual({ status: "failed" });
      expect(of(id).after).toEqual(id % 2 ? null : { status: "pending" });
    }
    expect(of(other).before).toMatchObject({ to: "asha@example.com", subject: "Your application" });
    expect(of(sent, "job_application").before).toMatchObject({ to: "asha@example.com" });

    const due = await handle.db.select().from(compactionDue);
    expect(due.map((d) => d.tableName).sort()).toEqual(["audit_log", "mail_attempts", "mail_outbox"]);
  });

  it("erases a waiting mail that was all there was, and compacts", async () => {
    const waiting = await about("Waiting", "job_application:7");
    await audited(waiting);
    await erase(["job_application:7"]);
    expect(await rows()).toEqual([]);
    expect((await handle.db.select().from(auditLog))[0]!.before).toEqual({ status: "failed" });
    expect(await handle.db.select().from(compactionDue)).toHaveLength(3);
  });

  it("owes no compaction when nothing was about those records, or none were named", async () => {
    await about("Other", "job_application:9", { status: "sent" });
    await erase(["job_application:7"]);
    await erase([]);
    expect(await handle.db.select().from(compactionDue)).toEqual([]);
    expect((await rows())[0]).toMatchObject({ recipient: "asha@example.com", subject: "Other" });
  });
});

describe("delivery", () => {
  it("sends a due message once and marks it sent", async () => {
    const { box, sent } = outbox();
    await enqueueMail(handle.db, { ...mail(), html: "<p>Body 1</p>" });
    expect(await box.deliverDue()).toBe(1);
    expect(await box.deliverDue()).toBe(0);
    expect(sent).toEqual([{ ...mail(), html: "<p>Body 1</p>" }]);
    expect(await rows()).toMatchObject([
      { status: "sent", attempts: 1, lastError: null, sentAt: expect.any(Date) },
    ]);
  });

  it("sends a message's extra headers (a newsletter's List-Unsubscribe) with it", async () => {
    const { box, sent } = outbox();
    const headers = {
      "List-Unsubscribe": "<https://example.com/u>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await enqueueMail(handle.db, { ...mail(), headers });
    await box.deliverDue();
    expect(sent).toEqual([{ ...mail(), headers }]);
  });

  it("sends a message's attachments (a booking's .ics invitation) with it", async () => {
    const { box, sent } = outbox();
    const attachments = [
      {
        filename: "invite.ics",
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
        content: "BEGIN:VCALENDAR\r\n",
      },
    ];
    await enqueueMail(handle.db, { ...mail(), attachments });
    await box.deliverDue();
    expect(sent).toEqual([{ ...mail(), attachments }]);
  });

  it("sends a message's reply-to address with it", async () => {
    const { box, sent } = outbox();
    await enqueueMail(handle.db, { ...mail(), replyTo: "asha@example.com" });
    await box.deliverDue();
    expect(sent).toEqual([{ ...mail(), replyTo: "asha@example.com" }]);
  });

  it("marks a message the mailer only logged as logged, with no time sent", async () => {
    const box = createMailOutbox(handle.db, {
      mailer: { send: async () => "logged" },
      audit: createAuditService(handle.db),
      log: silent,
    });
    await enqueueMail(handle.db, mail());
    expect(await box.deliverDue()).toBe(1);
    expect(await rows()).toMatchObject([{ status: "logged", sentAt: null, lastError: null }]);
  });

  it("keeps a failed message with its error and tries again after the backoff, not before", async () => {
    const { box, sent, state } = outbox();
    await enqueueMail(handle.db, mail());
    state.failing = true;
    await box.deliverDue();
    const [failed] = await rows();
    expect(failed).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
    });
    const wait = failed!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1_000);
    state.failing = false;
    expect(await box.deliverDue()).toBe(0);
    await makeDue();
    expect(await box.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("waits twice as long after each failure", async () => {
    const { box, state } = outbox();
    await enqueueMail(handle.db, mail());
    state.failing = true;
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await makeDue();
      await box.deliverDue();
      const [row] = await handle.db
        .select({ wait: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now()) * 1000` })
        .from(mailOutbox);
      waits.push(Math.round(Number(row!.wait) / 1_000));
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it("marks a message failed after the last attempt and sends nothing more", async () => {
    const { box, sent, state } = outbox({ maxAttempts: 2 });
    await enqueueMail(handle.db, mail());
    state.failing = true;
    await box.deliverDue();
    await makeDue();
    await box.deliverDue();
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 2 }]);
    state.failing = false;
    await makeDue();
    expect(await box.deliverDue()).toBe(0);
    expect(sent).toEqual([]);
  });

  it("holds a claimed message for the lease: a sender that died mid-send leaves it to be retried later", async () => {
    const { box, sent } = outbox();
    await enqueueMail(handle.db, mail());
    // A claim that never finished: the attempt is counted and the next one waits for the lease.
    await handle.db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` });
    expect(await box.deliverDue()).toBe(0);
    await makeDue();
    expect(await box.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("logs a failed attempt as a warning and the last one as an error, and keeps 500 characters of the error", async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const box = createMailOutbox(handle.db, {
      mailer: {
        async send() {
          throw new Error(`550 ${"x".repeat(600)}`);
        },
      },
      audit: createAuditService(handle.db),
      log,
      maxAttempts: 2,
    });
    await enqueueMail(handle.db, mail());
    await box.deliverDue();
    const [row] = await rows();
    expect(row!.lastError).toBe(`550 ${"x".repeat(496)}`);
    expect(log.warn.mock.calls).toEqual([
      [{ mailId: row!.id, attempts: 1, err: row!.lastError }, "e-mail attempt failed"],
    ]);
    await makeDue();
    await box.deliverDue();
    expect(log.error.mock.calls).toEqual([
      [
        { mailId: row!.id, attempts: 2, err: row!.lastError },
        "e-mail failed for good; an admin can retry it in the console",
      ],
    ]);
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 2 }]);
  });

  it("sends a backlog larger than one batch in one round", async () => {
    const { box, sent } = outbox();
    for (let i = 1; i <= 25; i++) await enqueueMail(handle.db, mail(i));
    expect(await box.deliverDue()).toBe(25);
    expect(new Set(sent.map((m) => m.subject)).size).toBe(25);
  });
});

describe("the console's list", () => {
  /** Twelve messages, the first the oldest; 3 and 7 (Asha's) are sent, 5 failed for good. */
  async function twelve() {
    const { box, state } = outbox({ maxAttempts: 1 });
    for (let n = 1; n <= 12; n++)
      await enqueueMail(handle.db, {
        to: n === 3 || n === 7 ? "asha@example.com" : `person${n}@example.com`,
        subject: n === 5 ? "Invoice 5" : `Subject ${n}`,
        text: "Body",
      });
    const all = await rows();
    for (const [i, r] of all.entries())
      await handle.db
        .update(mailOutbox)
        .set({
          createdAt: sql`now() - ${`${12 - i} minutes`}::interval`,
          nextAttemptAt: sql`now() + interval '1 hour'`,
        })
        .where(eq(mailOutbox.id, r.id));
    const due = (n: number) =>
      handle.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.id, all[n - 1]!.id));
    await due(3);
    await due(7);
    await box.deliverDue();
    await due(5);
    state.failing = true;
    await box.deliverDue();
    return { box, ids: all.map((r) => r.id) };
  }
  const query = (q: Record<string, unknown>) => listQuerySchema.parse(q);

  it("shows the newest first, a page at a time, with the total and each message's own history", async () => {
    const { box, ids } = await twelve();
    const first = await box.list(query({}));
    expect(first.total).toBe(12);
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    const second = await box.list(query({ page: 2 }));
    expect(second).toMatchObject({ total: 12 });
    expect(second.rows.map((r) => r.id)).toEqual([ids[1], ids[0]]);

    const [stored] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids[6]!));
    const seventh = first.rows.find((r) => r.id === ids[6])!;
    expect(seventh).toEqual({
      id: ids[6],
      to: "asha@example.com",
      subject: "Subject 7",
      status: "sent",
      attempts: 1,
      last_error: null,
      error_explained: null,
      attempt_history: [{ at: expect.any(String), outcome: "sent", error: null }],
      next_attempt_at: stored!.nextAttemptAt.toISOString(),
      created_at: stored!.createdAt.toISOString(),
      sent_at: stored!.sentAt!.toISOString(),
    });
    const fifth = first.rows.find((r) => r.id === ids[4])!;
    expect(fifth).toMatchObject({
      status: "failed",
      sent_at: null,
      error_explained: { kind: "unreachable" },
      attempt_history: [{ outcome: "failed", error: "connect ECONNREFUSED 127.0.0.1:25" }],
    });
    expect(first.rows.find((r) => r.id === ids[11])!.attempt_history).toEqual([]);
  });

  it("filters by status, searches the address and the subject, and sorts by a column", async () => {
    const { box, ids } = await twelve();
    const sent = await box.list({ ...query({}), status: "sent" });
    expect(sent.total).toBe(2);
    expect(sent.rows.map((r) => r.id)).toEqual([ids[6], ids[2]]);
    const failed = await box.list({ ...query({}), status: "failed" });
    expect(failed.rows.map((r) => r.id)).toEqual([ids[4]]);
    const asha = await box.list(query({ search: "ASHA@" }));
    expect(asha).toMatchObject({ total: 2 });
    expect(asha.rows.map((r) => r.id)).toEqual([ids[6], ids[2]]);
    expect((await box.list(query({ search: "invoice" }))).rows.map((r) => r.id)).toEqual([ids[4]]);
    const byStatus = await box.list(query({ sort: "-attempts", page_size: 50 }));
    expect(byStatus.rows.slice(0, 3).map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(byStatus.rows.at(-1)!.attempts).toBe(0);
    const byAddress = await box.list(query({ sort: "to", page_size: 50 }));
    expect(byAddress.rows[0]!.to).toBe("asha@example.com");
  });
});

describe("retry", () => {
  it("puts a failed message back for an attempt now with fresh retries, keeps its attempts, and audits who did it", async () => {
    const { box, sent, state } = outbox({ maxAttempts: 1 });
    const actor = await createActor(handle.db);
    await enqueueMail(handle.db, mail());
    state.failing = true;
    await box.deliverDue();
    const [failed] = await rows();
    expect(failed!.status).toBe("failed");

    const retried = await box.retry(actor, failed!.id);
    expect(retried).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "connect ECONNREFUSED 127.0.0.1:25",
      attempt_history: [{ outcome: "failed", error: "connect ECONNREFUSED 127.0.0.1:25" }],
    });
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.entity, "mail"));
    expect(entry).toMatchObject({
      operatorName: actor.username,
      action: "mail_retried",
      entityId: String(failed!.id),
    });
    expect(entry!.after).toMatchObject({ status: "pending" });

    state.failing = false;
    expect(await box.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
    const { rows: listed } = await box.list(listQuerySchema.parse({}));
    expect(listed[0]).toMatchObject({ status: "sent", attempts: 2, error_explained: null });
    expect(listed[0]!.attempt_history.map((a) => [a.outcome, a.error])).toEqual([
      ["failed", "connect ECONNREFUSED 127.0.0.1:25"],
      ["sent", null],
    ]);
  });

  it("keeps every attempt across Retry: a retried message that fails again has both rounds, each with its own retries", async () => {
    const { box, state } = outbox({ maxAttempts: 2 });
    const actor = await createActor(handle.db);
    await enqueueMail(handle.db, mail());
    state.failing = true;
    await box.deliverDue();
    await makeDue();
    await box.deliverDue();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(await box.failures()).toEqual({ failed: 1, failure_set: expect.stringMatching(/^1:\d+$/) });
    const firstSet = (await box.failures()).failure_set;

    await box.retry(actor, failed!.id);
    expect(await box.failures()).toEqual({ failed: 0, failure_set: "" });
    // The new round gets its own two attempts before the message fails again.
    await box.deliverDue();
    expect(await rows()).toMatchObject([{ status: "pending", attempts: 3 }]);
    await makeDue();
    await box.deliverDue();
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 4 }]);
    const { rows: listed } = await box.list(listQuerySchema.parse({}));
    expect(listed[0]!.attempt_history).toHaveLength(4);
    expect(listed[0]!.attempt_history.every((a) => a.outcome === "failed")).toBe(true);
    expect(listed[0]!.error_explained).toMatchObject({ kind: "unreachable" });
    // Failing again is a new set: a notice dismissed for the first shows again.
    const again = await box.failures();
    expect(again.failed).toBe(1);
    expect(again.failure_set).not.toBe(firstSet);
  });

  it("erasing a message's personal data clears its attempts' errors (they can quote the address), keeping their times", async () => {
    const { box, state } = outbox({ maxAttempts: 1 });
    await handle.db.transaction(async (tx) => {
      await enqueueMail(tx, { ...mail(), to: "asha@example.com" }, "job_application:7");
    });
    state.failing = true;
    await box.deliverDue();
    const before = await handle.db.select().from(mailAttempts);
    expect(before).toMatchObject([{ outcome: "failed", error: "connect ECONNREFUSED 127.0.0.1:25" }]);
    await handle.db.transaction((tx) => eraseMailAbout(tx, ["job_application:7"], "(erased)"));
    expect(await handle.db.select().from(mailAttempts)).toMatchObject([
      { id: before[0]!.id, outcome: "failed", error: null, attemptedAt: before[0]!.attemptedAt },
    ]);
  });

  it("tells why a message cannot be retried: its status, or its erased address", async () => {
    const { box, state } = outbox({ maxAttempts: 1 });
    const actor = await createActor(handle.db);
    await handle.db.transaction((tx) => enqueueMail(tx, mail(), "job_application:7"));
    const [pending] = await rows();
    await expect(box.retry(actor, pending!.id)).rejects.toMatchObject({
      code: "conflict",
      message: "This message is pending; only a failed message can be retried.",
    });
    await expect(box.retry(actor, pending!.id + 1000)).rejects.toMatchObject({
      message: "Message not found",
    });
    state.failing = true;
    await box.deliverDue();
    await handle.db.transaction((tx) => eraseMailAbout(tx, ["job_application:7"], "(erased)"));
    await expect(box.retry(actor, pending!.id)).rejects.toMatchObject({
      code: "conflict",
      message: "This message's personal data was erased; it can no longer be sent.",
    });
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect(await box.failures()).toEqual({ failed: 1, failure_set: expect.stringMatching(/^1:[1-9]\d*$/) });
  });

  it("audits the message as it was and as it is, without its explanation or history", async () => {
    const { box, state } = outbox({ maxAttempts: 1 });
    const actor = await createActor(handle.db);
    await enqueueMail(handle.db, mail());
    state.failing = true;
    await box.deliverDue();
    const [failed] = await rows();
    await box.retry(actor, failed!.id);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "mail"), eq(auditLog.entityId, String(failed!.id))));
    expect(entry!.before).toMatchObject({ id: failed!.id, status: "failed", attempts: 1 });
    expect(entry!.after).toMatchObject({ id: failed!.id, status: "pending", attempts: 1 });
    for (const side of [entry!.before, entry!.after]) {
      expect(side).not.toHaveProperty("error_explained");
      expect(side).not.toHaveProperty("attempt_history");
    }
    const [after] = await rows();
    expect(after!.attemptsBeforeRetry).toBe(1);
    expect(after!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("refuses to retry a message that is not failed, and a missing one", async () => {
    const { box } = outbox();
    const actor = await createActor(handle.db);
    await enqueueMail(handle.db, mail());
    const [pending] = await rows();
    await expect(box.retry(actor, pending!.id)).rejects.toMatchObject({ code: "conflict" });
    await expect(box.retry(actor, pending!.id + 1000)).rejects.toMatchObject({ code: "not_found" });
    expect(await rows()).toMatchObject([{ status: "pending", attempts: 0 }]);
  });
});

describe("the worker", () => {
  it("delivers in the background; stop waits for the send under way and then sends nothing more", async () => {
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const sent: string[] = [];
    const box = createMailOutbox(handle.db, {
      mailer: {
        async send(m) {
          sent.push(m.subject);
          await released;
          return "sent";
        },
      },
      audit: createAuditService(handle.db),
      log: silent,
    });
    await enqueueMail(handle.db, mail(1));
    const worker = box.startWorker({ pollMs: 20 });
    await expect.poll(() => sent).toEqual(["Subject 1"]);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await enqueueMail(handle.db, mail(2));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await rows()).map((r) => r.status)).toEqual(["sent", "pending"]);
    // Nothing to await for an absence: ten poll periods pass without a send.
    await new Promise((done) => setTimeout(done, 200));
    expect(sent).toEqual(["Subject 1"]);
  });
});

describe("the worker during a database outage", () => {
  it("logs one error for the outage, not one per round, and one line when rounds work again", async () => {
    const link = { down: true, rounds: 0 };
    // The real database behind a switch: while down, every query fails as an unreachable server's would.
    const db = new Proxy(handle.db, {
      get(target, property, receiver) {
        if (property === "select") link.rounds++;
        if (link.down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return Reflect.get(target, property, receiver);
      },
    });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const errors = () => log.error.mock.calls.map((call) => call[1] as string);
    const box = createMailOutbox(db, {
      mailer: { send: async () => "sent" },
      audit: createAuditService(handle.db),
      log,
    });
    const worker = box.startWorker({ pollMs: 5 });
    await expect.poll(() => link.rounds).toBeGreaterThanOrEqual(5);
    expect(errors()).toEqual(["mail outbox: delivery round failed; retrying every poll"]);
    expect(log.error.mock.calls[0]![0]).toEqual({
      err: expect.objectContaining({ message: "connect ECONNREFUSED 127.0.0.1:5432" }),
    });
    link.down = false;
    await expect.poll(() => log.info.mock.calls).toEqual([["mail outbox: delivery rounds work again"]]);
    await worker.stop();
    expect(errors()).toHaveLength(1);
  });
});

// The suite above runs on PostgreSQL under CI; the lease and the claim guard must hold on the embedded engine too.
// The file's database is the configured engine; the embedded one needs a database of its own only beside
// PostgreSQL (without TEST_DATABASE_URL a second embedded database would repeat the same run).
const onPostgres = !!process.env.TEST_DATABASE_URL;
describe.each([
  ...(onPostgres ? [{ engine: "the embedded engine", embedded: true }] : []),
  { engine: onPostgres ? "the configured engine" : "the embedded engine", embedded: false },
])("two senders on $engine", ({ embedded }) => {
  let own: DatabaseHandle;
  beforeAll(async () => {
    own = embedded ? await createTestDatabase({ embedded }) : handle;
  });
  afterAll(() => (own === handle ? undefined : own.close()));

  /** A sender whose sends wait until released, then fail or succeed as told. */
  function sender(outcome: "sent" | Error) {
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const started: string[] = [];
    const box = createMailOutbox(own.db, {
      mailer: {
        async send(m) {
          started.push(m.subject);
          await released;
          if (outcome instanceof Error) throw outcome;
          return "sent";
        },
      },
      audit: createAuditService(own.db),
      log: silent,
    });
    return { box, started, release };
  }

  it("leaves a message another sender holds alone until its lease runs out", async () => {
    await own.db.delete(mailOutbox);
    await enqueueMail(own.db, mail());
    const first = sender("sent");
    const sending = first.box.deliverDue();
    await expect.poll(() => first.started).toEqual(["Subject 1"]);
    const second = sender("sent");
    second.release();
    expect(await second.box.deliverDue()).toBe(0);
    first.release();
    expect(await sending).toBe(1);
    expect(await own.db.select().from(mailOutbox)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("does not let a sender whose lease ran out overwrite what the next sender settled", async () => {
    await own.db.delete(mailOutbox);
    await enqueueMail(own.db, mail());
    const slow = sender(new Error("connect ETIMEDOUT"));
    const slowRound = slow.box.deliverDue();
    await expect.poll(() => slow.started).toEqual(["Subject 1"]);
    // The lease runs out while the slow sender still waits; the next one takes the message and sends it.
    await own.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    const next = sender("sent");
    next.release();
    expect(await next.box.deliverDue()).toBe(1);
    slow.release();
    await slowRound;
    expect(await own.db.select().from(mailOutbox)).toMatchObject([
      { status: "sent", attempts: 2, lastError: null, sentAt: expect.any(Date) },
    ]);
    // Nor add its failure to the history: the attempt on record is the one that was kept.
    const [kept] = await own.db.select().from(mailOutbox);
    expect(
      (await own.db.select().from(mailAttempts).where(eq(mailAttempts.mailId, kept!.id))).map(
        (a) => a.outcome,
      ),
    ).toEqual(["sent"]);
  });
});
