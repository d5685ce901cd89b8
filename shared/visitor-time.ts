/**
 * A moment in the visitor's own time zone, for the booking pages and mails (the company's hours are in India
 * time; a visitor picks a slot in theirs). The console keeps India time everywhere (shared/india-time.ts).
 */
type Moment = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** The date in `zone` as YYYY-MM-DD: which day a slot falls on for the visitor. */
export function dayIn(zone: string, moment: Moment): string {
  const parts = formatter(zone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(moment),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** "Monday 30 November" in `zone`. */
export const dayLabel = (zone: string, moment: Moment) =>
  formatter(zone, { weekday: "long", day: "numeric", month: "long" }).format(new Date(moment));

/** "14:30" in `zone` (24-hour clock, read the same everywhere). */
export const clockIn = (zone: string, moment: Moment) =>
  formatter(zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(moment));

/** The zone's short name at that moment ("GMT", "BST", "GMT-5", "GMT+5:30"). */
export function zoneAbbreviation(zone: string, moment: Moment): string {
  const parts = formatter(zone, { timeZoneName: "short" }).formatToParts(new Date(moment));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** "Monday 30 November 2026, 14:30 (GMT)" in `zone`. */
export function fullTimeIn(zone: string, moment: Moment): string {
  const date = formatter(zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(moment),
  );
  return `${date}, ${clockIn(zone, moment)} (${zoneAbbreviation(zone, moment)})`;
}

/** Slots grouped by the visitor's day, in order. */
export function slotsByDay<T extends { start: string }>(zone: string, slots: readonly T[]) {
  const days: { day: string; label: string; slots: (T & { time: string })[] }[] = [];
  for (const slot of slots) {
    const day = dayIn(zone, slot.start);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, label: dayLabel(zone, slot.start), slots: [] };
      days.push(group);
    }
    group.slots.push({ ...slot, time: clockIn(zone, slot.start) });
  }
  return days;
}

/** The zones the booking page offers (the visitor's own is added when it is not one of them). */
export const COMMON_TIME_ZONES = [
  "Asia/Kolkata",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Paris",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "Asia/Dubai",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const;
