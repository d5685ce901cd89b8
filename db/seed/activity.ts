import { addDays, todayInIndia } from "#schemas/logistics.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The demo directory's history reaches this many days back from today. */
export const HISTORY_DAYS = 60;

/**
 * Each kind of record (given at least 32) has one or more on each of the 32 most recent days, today
 * included: the 1st of last month is at most 31 days back, so today, the last 7 days, this month and the
 * periods they are compared with (yesterday, the 7 days before, the same days of last month) all count.
 */
export const COVERED_DAYS = 32;

// Relative activity per hour of the India day (00:00 to 23:00): quiet nights, busy office hours.
const HOURLY_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 5, 8, 10, 10, 10, 9, 9, 10, 10, 9, 8, 7, 6, 4, 3, 2, 1];

/** mulberry32: a tiny seeded generator of numbers in [0, 1), so the same seed gives the same demo. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Share of hour `hour` that lies before `limitMs` into the day (0 to 1). */
const hourBefore = (hour: number, limitMs: number) =>
  Math.min(1, Math.max(0, (limitMs - hour * HOUR_MS) / HOUR_MS));

/** The activity weight of the first `limitMs` of a day. */
function weightBefore(limitMs: number) {
  return HOURLY_WEIGHTS.reduce((sum, w, hour) => sum + w * hourBefore(hour, limitMs), 0);
}

/** Milliseconds into the day, busy hours likelier, always before `limitMs` (or 0 when the day has not begun). */
function timeOfDay(random: () => number, limitMs: number) {
  let target = random() * weightBefore(limitMs);
  for (const [hour, w] of HOURLY_WEIGHTS.entries()) {
    const share = w * hourBefore(hour, limitMs);
    if (target < share) return Math.floor(hour * HOUR_MS + (target / w) * HOUR_MS);
    target -= share;
  }
  return 0;
}

/**
 * Splits `count` over the days in proportion to their weights (largest remainder), then moves one record
 * from the day with the most to spare to each of the most recent COVERED_DAYS days that got none.
 */
function apportion(count: number, weights: number[]): number[] {
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((w) => (count * w) / totalWeight);
  const perDay = quotas.map(Math.floor);
  const byRemainder = quotas.map((q, day) => ({ day, remainder: q - Math.floor(q) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.day - b.day);
  const leftover = count - perDay.reduce((a, b) => a + b, 0);
  for (const { day } of byRemainder.slice(0, leftover)) perDay[day]! += 1;
  const covered = Math.min(count, COVERED_DAYS);
  const spare = (day: number) => perDay[day]! - (day < covered ? 1 : 0);
  for (let day = 0; day < covered; day++) {
    if (perDay[day]! > 0) continue;
    const donor = perDay.reduce((best, _, d) => (spare(d) >= spare(best) ? d : best), 0);
    perDay[donor]! -= 1;
    perDay[day] = 1;
  }
  return perDay;
}

/**
 * `count` creation times over the HISTORY_DAYS days up to `now`, oldest first: the newest days about
 * 1.5 times as busy as the oldest, quieter Sundays, day-to-day noise, office hours busier than nights,
 * and today's records only between India midnight and `now` (never after it).
 */
export function activityTimes(now: Date, count: number, seed: number): Date[] {
  const random = seededRandom(seed);
  const today = todayInIndia(now);
  // India has one time zone and no daylight saving: every day starts at 00:00 +05:30.
  const midnight = Date.parse(`${today}T00:00:00+05:30`);
  const elapsedToday = now.getTime() - midnight;
  const weights = Array.from({ length: HISTORY_DAYS }, (_, day) => {
    const trend = 1.5 - (0.5 * day) / HISTORY_DAYS;
    const sunday = new Date(`${addDays(today, -day)}T00:00:00Z`).getUTCDay() === 0;
    const noise = 0.7 + 0.6 * random();
    const dayShare = day === 0 ? weightBefore(elapsedToday) / weightBefore(DAY_MS) : 1;
    return trend * (sunday ? 0.5 : 1) * noise * dayShare;
  });
  // Analytics compares today with yesterday up to the same time of day (and so on): each covered day's
  // first record falls before the time of day it is now, so every compared span holds one.
  const times = apportion(count, weights).flatMap((n, day) =>
    Array.from(
      { length: n },
      (_, i) =>
        midnight -
        day * DAY_MS +
        timeOfDay(random, day === 0 || (i === 0 && day < COVERED_DAYS) ? elapsedToday : DAY_MS),
    ),
  );
  return times.sort((a, b) => a - b).map((t) => new Date(t));
}
