import { z } from "zod";
import { isOneLine, personName } from "./one-line";

/** A call lasts this long; the slots, the invitation and the reminder all use it. */
export const CALL_MINUTES = 30;
/** The time zone the company's hours are set in (India has no daylight saving time). */
export const HOURS_TIME_ZONE = "Asia/Kolkata";
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

const clock = z
  .string()
  .trim()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Write times as HH:MM, such as 09:30");
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const hoursRangeSchema = z
  .object({ start: clock, end: clock })
  .refine((r) => minutesOf(r.end) - minutesOf(r.start) >= CALL_MINUTES, {
    message: `Each range must end at least ${CALL_MINUTES} minutes after it starts`,
  });
export type HoursRange = z.infer<typeof hoursRangeSchema>;

/** When calls can be booked: hours per weekday in India time (Monday first), the gaps and the window. */
export const bookingSettingsSchema = z.object({
  hours: z
    .array(
      z
        .array(hoursRangeSchema)
        .max(6, "At most 6 ranges a day")
        .refine(
          (ranges) =>
            [...ranges]
              .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
              .every((r, i, all) => i === 0 || minutesOf(r.start) >= minutesOf(all[i - 1]!.end)),
          "A day's ranges must not overlap",
        ),
    )
    .length(7, "Give the hours of all seven weekdays"),
  buffer_minutes: z.coerce
    .number({ error: "Enter the buffer in minutes" })
    .int("Enter whole minutes")
    .min(0, "The buffer cannot be negative")
    .max(120, "Keep the buffer at most 120 minutes"),
  notice_hours: z.coerce
    .number({ error: "Enter the minimum notice in hours" })
    .int("Enter whole hours")
    .min(0, "The notice cannot be negative")
    .max(336, "Keep the notice at most 336 hours (two weeks)"),
  horizon_days: z.coerce
    .number({ error: "Enter how many days ahead calls can be booked" })
    .int("Enter whole days")
    .min(1, "Allow booking at least 1 day ahead")
    .max(90, "Allow booking at most 90 days ahead"),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

const workday = [
  { start: "10:00", end: "13:00" },
  { start: "14:00", end: "18:00" },
];
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  hours: [workday, workday, workday, workday, workday, [], []],
  buffer_minutes: 15,
  notice_hours: 12,
  horizon_days: 21,
};

/** True when the browser and the server both know the zone (an IANA name such as Europe/London). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: "Choose your time zone" })
  .trim()
  .max(64, "Choose your time zone from the list")
  .refine(isTimeZone, "Choose your time zone from the list");

/** A moment as the API sends it (ISO 8601 in UTC). */
export const slotStartSchema = z.iso.datetime({ offset: true, error: "Choose a time for the call" });

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .optional()
    .transform((v) => v ?? "");

/** The booking form: the same schema checks the page's form, the no-script post and the API body. */
export const bookingRequestSchema = z.object({
  start: slotStartSchema,
  name: personName("name"),
  email: z
    .string()
    .trim()
    .pipe(z.email("Enter a valid e-mail address").max(200, "E-mail must be at most 200 characters")),
  company: optional(200, "Company").refine(isOneLine, "Company must be one line"),
  note: optional(2000, "Note"),
  time_zone: timeZoneSchema,
  /** Honeypot: hidden from people, so anything here came from a bot. */
  url_hp: z.string().max(0, "Your booking could not be sent.").optional(),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** The link from the booking's e-mail: cancel it, or move it to another free time. */
export const manageTokenSchema = z
  .string({ error: "This link is not complete. Open it from the e-mail again." })
  .regex(/^[A-Za-z0-9_-]{43}$/, "This link is not complete. Open it from the e-mail again.");
export const bookingCancelSchema = z.object({ token: manageTokenSchema });
export const bookingRescheduleSchema = z.object({
  token: manageTokenSchema,
  start: slotStartSchema,
  time_zone: timeZoneSchema,
});

export const slotsQuerySchema = z.object({ tz: timeZoneSchema.optional() });

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

export const bookingStatuses = ["confirmed", "cancelled"] as const;

/** A booking in the console's list. */
export const bookingSchema = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  note: z.string(),
  time_zone: z.string(),
  status: z.enum(bookingStatuses),
  enquiry_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListQuerySchema = z.object({
  status: z.enum(["upcoming", "cancelled", "past"]).default("upcoming"),
});
