import { z } from "zod";

export const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** An ISO calendar date (YYYY-MM-DD) that exists. */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2025-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2025-01-31`)
    .refine(isRealDate, `${label} must be a real calendar date`);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The directory works in India time: "today" is the calendar date in Asia/Kolkata. */
export const BUSINESS_TIME_ZONE = "Asia/Kolkata";
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
