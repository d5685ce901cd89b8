import { z } from "zod";

export const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * The years a date may have. PostgreSQL has no year 0 and JavaScript dates reach year 275760, so without a
 * bound "0000-01-01" or "+275760-09-13" got past the schemas and the database answered with an error (a
 * 500). Nothing we store or filter on is older than 1900 or later than 9999.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
const yearInRange = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** "Pickup date" → "pickup date"; a query key (created_from) stays as it is. */
const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
const formatMessage = (label: string) => `${label} must be a date like 2025-01-31`;
const realMessage = (label: string) => `${label} must be a real calendar date`;
const yearsMessage = (label: string) => `${label} must be a date with a year from ${MIN_YEAR} to ${MAX_YEAR}`;

/** An ISO calendar date (YYYY-MM-DD) that exists, in the years we keep (MIN_YEAR..MAX_YEAR). */
export const isoDate = (label: string) =>
  z
    // A missing date is asked for, not described in a format the browser's date field may not show.
    .string({
      error: (issue) => (issue.input === undefined ? `Choose the ${lower(label)}` : formatMessage(label)),
    })
    .regex(DATE_ONLY, { message: formatMessage(label), abort: true })
    .refine(isRealDate, { message: realMessage(label), abort: true })
    .refine(yearInRange, yearsMessage(label));

// An ISO 8601 timestamp with a time zone (Z or ±hh:mm); local times would depend on the server's zone.
const isoTimestamp = z.iso.datetime({ offset: true });

/**
 * An optional point in time, read strictly: a calendar date (YYYY-MM-DD, taken as midnight UTC) or an ISO
 * timestamp with its zone, in the years we keep. Empty, null or missing is "none". Numbers, booleans and
 * other date spellings are refused rather than coerced ("2026-02-30" is not 2 March, `true` is not 1970).
 */
export const optionalIsoDateTime = (label: string, example = "2026-03-31", time = "18:00:00+05:30") => {
  const format = `${label} must be a date like ${example} (or an ISO timestamp such as ${example}T${time})`;
  return (
    z
      // A Date is what this rule answers: services parse their input again, and that must hold too.
      .union([z.string(), z.date()], { error: format })
      .nullish()
      .transform((value, ctx): Date | null => {
        if (value instanceof Date) {
          if (!Number.isNaN(value.getTime()) && yearInRange(String(value.getUTCFullYear()))) return value;
          ctx.addIssue({ code: "custom", message: yearsMessage(label) });
          return z.NEVER;
        }
        const text = value?.trim() ?? "";
        if (text === "") return null;
        const dateOnly = DATE_ONLY.test(text);
        const date = new Date(dateOnly ? `${text}T00:00:00Z` : text);
        // The instant's year too: in a zone, "1900-01-01T00:00+05:30" is in 1899, which the Date branch refuses.
        const problem = !(dateOnly || isoTimestamp.safeParse(text).success)
          ? format
          : !isRealDate(text.slice(0, 10))
            ? realMessage(label)
            : !yearInRange(text) || !yearInRange(String(date.getUTCFullYear()))
              ? yearsMessage(label)
              : null;
        if (problem) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return date;
      })
  );
};

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The directory works in India time: "today" is the calendar date in Asia/Kolkata. */
export { todayInIndia } from "#shared/india-time.ts";

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
