import { addDays, daysBetween, type AnalyticsPeriod } from "#schemas/logistics.ts";

export interface PeriodRange {
  /** First day, inclusive (India date). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** Monday of the ISO week (Monday to Sunday) that holds `day`, an India date. */
export function isoWeekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
/** The first day of the month before the one that holds `day`. */
const previousMonthStart = (day: string) => monthStart(addDays(monthStart(day), -1));

/**
 * A period under way (this week, this month) against the same days of the one before: the 10th of this month
 * against the 1st-10th of last month (its last day when shorter).
 */
function toDateAgainst(start: string, previousStart: string, today: string) {
  const elapsed = daysBetween(start, today);
  const sameDay = addDays(previousStart, elapsed);
  return {
    current: { from: start, to: today },
    previous: { from: previousStart, to: sameDay < start ? sameDay : addDays(start, -1) },
  };
}

/** Whole calendar periods that have ended: compared with the whole period before, not up to a time of day. */
export const isWholePeriod = (period: AnalyticsPeriod) => period === "last_week" || period === "last_month";

/**
 * The period and the one before it, in India calendar days (Asia/Kolkata): today vs yesterday, 7 days vs the 7
 * before, this week (ISO, from Monday) vs the same days last week, last week vs the week before, month-to-date
 * vs the same days last month, last month vs the month before.
 */
export function periodRanges(
  period: AnalyticsPeriod,
  today: string,
): { current: PeriodRange; previous: PeriodRange } {
  switch (period) {
    case "today":
      return {
        current: { from: today, to: today },
        previous: { from: addDays(today, -1), to: addDays(today, -1) },
      };
    case "last_7_days":
      return {
        current: { from: addDays(today, -6), to: today },
        previous: { from: addDays(today, -13), to: addDays(today, -7) },
      };
    case "this_week": {
      const monday = isoWeekStart(today);
      return toDateAgainst(monday, addDays(monday, -7), today);
    }
    case "last_week": {
      const monday = addDays(isoWeekStart(today), -7);
      return {
        current: { from: monday, to: addDays(monday, 6) },
        previous: { from: addDays(monday, -7), to: addDays(monday, -1) },
      };
    }
    case "this_month":
      return toDateAgainst(monthStart(today), previousMonthStart(today), today);
    case "last_month": {
      const start = previousMonthStart(today);
      return {
        current: { from: start, to: addDays(monthStart(today), -1) },
        previous: { from: previousMonthStart(start), to: addDays(start, -1) },
      };
    }
  }
}
