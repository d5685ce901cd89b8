import { and, asc, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { bookings, bookingSettings, contactRequests, mailOutbox } from "#db/schema/index.ts";
import {
  bookingRequestSchema,
  bookingSettingsSchema,
  DEFAULT_BOOKING_SETTINGS,
  type Booking,
  type BookingRequestInput,
  type BookingSettings,
} from "#schemas/booking.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { bookingManagePath } from "#shared/paths.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { enqueueMail, enqueueScheduledMail, enqueueVisitorMail } from "../notifications/outbox";
import type { PublicAddressService } from "../settings/public-address";
import type { SettingsService } from "../settings/service";
import { cancellation, reminder, teamInvitation, visitorInvitation } from "./mails";
import {
  DAY_MS,
  forMail,
  hashOf,
  LINK_USED,
  newToken,
  reminderTopic,
  SLOT_GONE,
  SLOT_TAKEN,
  toBooking,
  type Row,
} from "./rows";

export { LINK_USED, SLOT_GONE, SLOT_TAKEN };
import { callEnd, freeSlots } from "./slots";

const live = ne(bookings.status, "cancelled");
// Advisory locks of booking (one space, one key), apart from the other lock spaces.
const BOOKING_LOCK_SPACE = 736_043;
interface MailSetup {
  teamAddress: string;
  base: string;
  host: string;
  now: Date;
}
const slotRefused = (message: string) => new DomainError("conflict", message, { fields: { start: message } });

export function createBookingService(
  db: Database,
  deps: { settings: SettingsService; audit: AuditService; publicAddress: PublicAddressService },
) {
  async function getSettings(on: Database = db): Promise<BookingSettings> {
    const [row] = await on.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
    const parsed = bookingSettingsSchema.safeParse(row?.data);
    return parsed.success ? parsed.data : DEFAULT_BOOKING_SETTINGS;
  }

  /** The free slots from `now`; `except` is a booking being moved, whose own time does not count as taken. */
  /** The free slots from `now`, read in `on` (a transaction); `except` is a booking being moved. */
  async function slots(now = new Date(), except?: number, on: Database = db): Promise<Date[]> {
    const settings = await getSettings(on);
    const busy = await on
      .select({ start: bookings.startsAt, end: bookings.endsAt })
      .from(bookings)
      .where(and(live, gt(bookings.endsAt, now), except ? ne(bookings.id, except) : undefined));
    return freeSlots(settings, now, busy);
  }

  async function assertFree(start: Date, now: Date, except?: number) {
    const free = await slots(now, except);
    if (!free.some((s) => s.getTime() === start.getTime())) throw slotRefused(SLOT_GONE);
  }

  /**
   * In a booking's transaction, after assertFree: one booking is decided at a time, and the slot is checked
   * again (two slots of ranges that touch are both free until one is taken, within the buffer of each other;
   * the unique index only refuses the same start).
   */
  async function assertStillFreeIn(tx: Database, start: Date, now: Date, except?: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK_SPACE}, 0)`);
    const free = await slots(now, except, tx);
    if (!free.some((s) => s.getTime() === start.getTime())) throw slotRefused(SLOT_TAKEN);
  }

  /** Read before a transaction opens: a query on `db` inside one would wait for a second pooled connection. */
  async function mailContext(now: Date): Promise<MailSetup> {
    const base = await deps.publicAddress.url();
    return { teamAddress: (await deps.settings.get()).info_email, base, host: new URL(base).host, now };
  }

  /** Queues the invitations and the day-before reminders of `row`, in `tx`. */
  async function queueMails(tx: Database, row: Row, token: string, mail: MailSetup, rescheduled: boolean) {
    const { base, ...ctx } = mail;
    const now = ctx.now;
    const context = { ...ctx, manageUrl: `${base}${bookingManagePath(token)}` };
    const b = forMail(row);
    const about = `booking:${row.id}`;
    await enqueueMail(tx, teamInvitation(b, context, rescheduled), about);
    // A visitor's address gets a capped number of mails a day (anyone can type anyone's address).
    const toVisitor = await enqueueVisitorMail(tx, visitorInvitation(b, context, rescheduled), {
      about,
      topic: `booking:${row.id}:${row.sequence}`,
    });
    const notBefore = new Date(row.startsAt.getTime() - DAY_MS);
    if (notBefore.getTime() <= now.getTime()) return;
    const scheduled = { topic: reminderTopic(row.id), notBefore, about };
    await enqueueScheduledMail(tx, reminder(b, context, "team"), scheduled);
    if (toVisitor) await enqueueScheduledMail(tx, reminder(b, context, "visitor"), scheduled);
  }

  /** Reminders not sent yet are dropped: a cancelled or moved call is not reminded of. */
  const dropReminders = (tx: Database, id: number) =>
    tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.topic, reminderTopic(id)), eq(mailOutbox.status, "pending")));

  /** Runs `write`; a second live booking of the same start (the unique index) is the visitor's conflict. */
  async function decidedByDatabase<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slotRefused(SLOT_TAKEN);
      throw error;
    }
  }

  async function byToken(token: string): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.manageTokenHash, hashOf(token)), live));
    return row ?? null;
  }

  async function cancelRow(row: Row, by: Actor | null, now: Date) {
    const { base: _base, ...ctx } = await mailContext(now);
    await db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(bookings)
        // SEQUENCE from the row as it is now: a move may have committed since `row` was read.
        .set({ status: "cancelled", cancelledAt: now, manageTokenHash: null, sequence: sql`sequence + 1` })
        .where(and(eq(bookings.id, row.id), live))
        .returning();
      if (!cancelled) throw new DomainError("conflict", "This call was already cancelled.");
      await dropReminders(tx, row.id);
      const b = forMail(cancelled);
      await enqueueMail(tx, cancellation(b, ctx, "team"), `booking:${row.id}`);
      await enqueueMail(tx, cancellation(b, ctx, "visitor"), `booking:${row.id}`);
      if (row.enquiryId) {
        const line = `Call cancelled ${by ? `by ${by.username}` : "by the visitor"} on ${formatDateTime(now)}.`;
        await tx
          .update(contactRequests)
          .set({
            notes: sql`case when ${contactRequests.notes} = '' then ${line} else ${contactRequests.notes} || ${`\n${line}`} end`,
          })
          .where(eq(contactRequests.id, row.enquiryId));
      }
      if (by)
        await deps.audit.record(by, "update", "booking", row.id, toBooking(row), toBooking(cancelled), tx);
    });
  }

  return {
    getSettings,
    slots,

    async updateSettings(actor: Actor, input: unknown): Promise<BookingSettings> {
      const value = bookingSettingsSchema.parse(input);
      const before = await getSettings();
      await db.transaction(async (tx) => {
        await tx
          .insert(bookingSettings)
          .values({ id: 1, data: value })
          .onConflictDoUpdate({ target: bookingSettings.id, set: { data: value, updatedAt: new Date() } });
        await deps.audit.record(actor, "update", "booking_settings", 1, before, value, tx);
      });
      return value;
    },

    /**
     * Books a free slot: the enquiry (with the call's time), the booking, both invitations and the reminders,
     * in one transaction. The unique index on a live booking's start decides between two visitors at once.
     */
    async book(input: BookingRequestInput, now = new Date()) {
      const data = bookingRequestSchema.parse(input);
      const start = new Date(data.start);
      await assertFree(start, now);
      const token = newToken();
      const mail = await mailContext(now);
      const [first, ...rest] = data.name.split(/\s+/);
      return decidedByDatabase(() =>
        db.transaction(async (tx) => {
          await assertStillFreeIn(tx, start, now);
          const [enquiry] = await tx
            .insert(contactRequests)
            .values({
              firstName: first!,
              lastName: rest.join(" "),
              organization: data.company,
              email: data.email,
              message: [`Booked a 30-minute call for ${formatDateTime(start)}.`, data.note]
                .filter(Boolean)
                .join("\n\n"),
              callAt: start,
            })
            .returning({ id: contactRequests.id });
          const [row] = await tx
            .insert(bookings)
            .values({
              startsAt: start,
              endsAt: callEnd(start),
              name: data.name,
              email: data.email,
              company: data.company,
              note: data.note,
              timeZone: data.time_zone,
              manageTokenHash: hashOf(token),
              enquiryId: enquiry!.id,
            })
            .returning();
          await queueMails(tx, row!, token, mail, false);
          return { id: row!.id, start: row!.startsAt.toISOString(), time_zone: row!.timeZone };
        }),
      );
    },

    /** The live booking the e-mail's link names, or null (cancelled, moved since, or never there). */
    async findByToken(token: string): Promise<Booking | null> {
      const row = await byToken(token);
      return row ? toBooking(row) : null;
    },

    async cancelByToken(token: string, now = new Date()) {
      const row = await byToken(token);
      if (!row) throw new DomainError("not_found", LINK_USED);
      await cancelRow(row, null, now);
    },

    async cancel(actor: Actor, id: number, now = new Date()) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      if (!row) throw new DomainError("not_found", "Booking not found. Refresh the list.");
      await cancelRow(row, actor, now);
    },

    /** Moves the call to another free slot: a new invitation (same UID, higher SEQUENCE) and a new link. */
    async reschedule(input: { token: string; start: string; time_zone: string }, now = new Date()) {
      const row = await byToken(input.token);
      if (!row) throw new DomainError("not_found", LINK_USED);
      const start = new Date(input.start);
      await assertFree(start, now, row.id);
      const token = newToken();
      const mail = await mailContext(now);
      return decidedByDatabase(() =>
        db.transaction(async (tx) => {
          await assertStillFreeIn(tx, start, now, row.id);
          const [moved] = await tx
            .update(bookings)
            .set({
              startsAt: start,
              endsAt: callEnd(start),
              timeZone: input.time_zone,
              sequence: row.sequence + 1,
              manageTokenHash: hashOf(token),
            })
            .where(and(eq(bookings.id, row.id), eq(bookings.sequence, row.sequence), live))
            .returning();
          if (!moved) throw new DomainError("conflict", LINK_USED);
          await dropReminders(tx, row.id);
          await queueMails(tx, moved, token, mail, true);
          if (row.enquiryId)
            await tx
              .update(contactRequests)
              .set({ callAt: start })
              .where(eq(contactRequests.id, row.enquiryId));
          return { id: moved.id, start: moved.startsAt.toISOString(), time_zone: moved.timeZone };
        }),
      );
    },

    /** The console's list: upcoming live calls (soonest first), past ones or cancelled ones (latest first). */
    async list(status: "upcoming" | "past" | "cancelled", now = new Date()): Promise<Booking[]> {
      const where =
        status === "cancelled"
          ? eq(bookings.status, "cancelled")
          : and(live, status === "upcoming" ? gt(bookings.endsAt, now) : lte(bookings.endsAt, now));
      const rows = await db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(status === "upcoming" ? asc(bookings.startsAt) : desc(bookings.startsAt))
        .limit(500);
      return rows.map(toBooking);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
