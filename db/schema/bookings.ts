import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BookingSettings } from "#schemas/booking.ts";
import { createdAt } from "./columns";
import { contactRequests } from "./content";

/** When calls can be booked (one row, id 1): hours in India time, buffer, notice and horizon. */
export const bookingSettings = pgTable("booking_settings", {
  id: integer("id").primaryKey(),
  data: jsonb("data").$type<BookingSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A 30-minute call a visitor booked. One live booking per start time: the partial unique index decides
 * between two visitors who pick the same slot at once; a cancelled booking frees its time.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    note: text("note").notNull().default(""),
    /** The visitor's zone when they booked: their mails show the time in it. */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: ["confirmed", "cancelled"] })
      .notNull()
      .default("confirmed"),
    /** The invitation's SEQUENCE (RFC 5545): each reschedule or cancellation raises it. */
    sequence: integer("sequence").notNull().default(0),
    /** SHA-256 of the reschedule/cancel link's token; a new token replaces it on each change, cleared on cancel. */
    manageTokenHash: text("manage_token_hash"),
    enquiryId: integer("enquiry_id").references(() => contactRequests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bookings_live_start_key")
      .on(t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("bookings_manage_token_key").on(t.manageTokenHash),
    index("bookings_status_start_idx").on(t.status, t.startsAt),
    check("bookings_status_check", sql`${t.status} in ('confirmed', 'cancelled')`),
    check("bookings_times_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
