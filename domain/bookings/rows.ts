import { createHash, randomBytes } from "node:crypto";
import type { bookings } from "#db/schema/index.ts";
import type { Booking } from "#schemas/booking.ts";
import type { BookingForMail } from "./mails";

export type Row = typeof bookings.$inferSelect;

export const SLOT_GONE = "This time is no longer free. Pick another time from the list.";
export const SLOT_TAKEN = "Someone else booked this time a moment ago. Pick another time from the list.";
export const LINK_USED =
  "This link no longer works: the call was cancelled or moved since. Use the link in the latest e-mail, or book a new time.";
export const DAY_MS = 24 * 60 * 60_000;

export const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
export const reminderTopic = (id: number) => `booking-reminder:${id}`;

export const toBooking = (r: Row): Booking => ({
  id: r.id,
  start: r.startsAt.toISOString(),
  end: r.endsAt.toISOString(),
  name: r.name,
  email: r.email,
  company: r.company,
  note: r.note,
  time_zone: r.timeZone,
  status: r.status,
  enquiry_id: r.enquiryId,
  created_at: r.createdAt.toISOString(),
});

export const forMail = (r: Row): BookingForMail => ({
  id: r.id,
  start: r.startsAt,
  end: r.endsAt,
  name: r.name,
  email: r.email,
  company: r.company,
  note: r.note,
  timeZone: r.timeZone,
  sequence: r.sequence,
});
