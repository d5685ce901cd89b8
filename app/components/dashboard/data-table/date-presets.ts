import { addDays, todayInIndia } from "#schemas/dates.ts";

/** A quick choice of a created-date range: both ends as India dates. */
export interface DatePreset {
  label: string;
  from: string;
  to: string;
}

/** "Today", "Last 7 days" … counted in India days up to today (the filter's own `from`/`to` fields). */
export function datePresets(today = todayInIndia()): DatePreset[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: addDays(today, -6), to: today },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
    { label: "This month", from: monthStart, to: today },
    { label: "Last month", from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
}
