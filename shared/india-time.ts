/**
 * The one rule for times: every console screen, CSV export and public page shows a moment in India time, and
 * says "IST" wherever it shows a time of day. India keeps +05:30 all year (no daylight saving), so the same
 * moment reads the same on the server, in any browser's zone and in a spreadsheet.
 */
export const INDIA_TIME_ZONE = "Asia/Kolkata";
const IST_OFFSET_MS = 330 * 60_000;

type Moment = Date | string;

const mediumDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: INDIA_TIME_ZONE });
const longDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: INDIA_TIME_ZONE });
const shortDay = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: INDIA_TIME_ZONE,
});
const dateAndTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: INDIA_TIME_ZONE,
});
const clock = new Intl.DateTimeFormat("en-IN", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: INDIA_TIME_ZONE,
});

/** The moment's wall-clock time in India, as an ISO string without zone: `2026-07-06T16:07:53.249`. */
const indiaWallClock = (moment: Moment) => new Date(new Date(moment).getTime() + IST_OFFSET_MS).toISOString();
/** A calendar date (YYYY-MM-DD) as the moment India's day starts, so the formatters above read it unchanged. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** "27 Nov 2026": the moment's date in India. */
export const formatDate = (moment: Moment) => mediumDate.format(new Date(moment));

const longDates = new Map<string, Intl.DateTimeFormat>([["en-IN", longDate]]);
/**
 * "27 November 2026": the moment's date in India, spelt out (public pages); in a post's language with its
 * locale ("27 नवंबर 2026" for hi-IN, "27 நவம்பர், 2026" for ta-IN).
 */
export function formatLongDate(moment: Moment, locale = "en-IN") {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: INDIA_TIME_ZONE });
    longDates.set(locale, format);
  }
  return format.format(new Date(moment));
}

/** "27 Nov 2026, 12:29 am IST": the moment's date and time of day in India, labelled. */
export const formatDateTime = (moment: Moment) => `${dateAndTime.format(new Date(moment))} IST`;

/** "14:35 IST": the moment's time of day in India, labelled. */
export const formatClock = (moment: Moment) => `${clock.format(new Date(moment))} IST`;

/** "2026-03-05" → "5 Mar 2026": a calendar date (a pickup date, a follow-up, a chart's day), as it is. */
export const formatDay = (day: string) => mediumDate.format(startOfDay(day));

/** "2026-03-05" → "5 Mar", for a chart's axis. */
export const formatShortDay = (day: string) => shortDay.format(startOfDay(day));

/** The calendar date in India (YYYY-MM-DD) at a moment, by default now: "today", and what files are dated by. */
export const todayInIndia = (now: Moment = new Date()) => indiaWallClock(now).slice(0, 10);

/** "2026-07-06 16:07": a CSV cell, India time to the minute (plain arithmetic: fast for 50,000 rows). */
export const csvDateTime = (moment: Moment) => {
  const wall = indiaWallClock(moment);
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
};

/** The value of a `<time dateTime>` attribute: the exact moment, for machines. */
export const timeAttribute = (moment: Moment) => new Date(moment).toISOString();

/** "2026-12-01T04:00:00.000Z" → "2026-12-01T09:30" (what a datetime-local input shows, in India time). */
export const toIndiaInput = (moment: Moment) => indiaWallClock(moment).slice(0, 16);

/** "2026-12-01T09:30" (India time) → "2026-12-01T09:30:00+05:30", which the shared schemas read. */
export const fromIndiaInput = (local: string) => (local ? `${local}:00+05:30` : "");

/** Whether a moment is still to come (a scheduled post's), read when the list or form renders. */
export const isFuture = (moment: Moment) => new Date(moment).getTime() > Date.now();
