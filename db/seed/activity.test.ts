import { describe, expect, it } from "vitest";
import { activityTimes, COVERED_DAYS, HISTORY_DAYS, seededRandom } from "./activity";

// The day the tests run, and the awkward moments of any India day and month.
const moments = [
  "now",
  "2025-08-01T00:00:00+05:30",
  "2025-08-01T00:30:00+05:30",
  "2025-03-01T05:29:59+05:30",
  "2024-02-29T12:00:00+05:30",
  "2025-03-31T23:50:00+05:30",
  "2025-06-01T23:59:59.999+05:30",
].map((at) => ({ at, now: at === "now" ? new Date() : new Date(at) }));

// India time is UTC+05:30 all year: whole days and hours by arithmetic.
const INDIA_OFFSET_MS = 19_800_000;
const indianDay = (t: Date) => Math.floor((t.getTime() + INDIA_OFFSET_MS) / 86_400_000);
const daysBefore = (now: Date, t: Date) => indianDay(now) - indianDay(t);
const startOfToday = (now: Date) => indianDay(now) * 86_400_000 - INDIA_OFFSET_MS;

describe("activityTimes", () => {
  it.each(moments)("dates every record within the history and never after $at, oldest first", ({ now }) => {
    const times = activityTimes(now, 240, 7);
    expect(times).toHaveLength(240);
    for (const t of times) {
      expect(t.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(daysBefore(now, t)).toBeLessThan(HISTORY_DAYS);
    }
    expect(times.map(Number)).toEqual(times.map(Number).sort((a, b) => a - b));
  });

  it.each(moments)(
    "gives each of the most recent days a record, today's after India midnight ($at)",
    ({ now }) => {
      for (const count of [COVERED_DAYS, 45, 72, 240]) {
        const days = new Set(activityTimes(now, count, count).map((t) => daysBefore(now, t)));
        for (let day = 0; day < COVERED_DAYS; day++)
          expect(days.has(day), `${count} records, day ${day}`).toBe(true);
      }
      const today = activityTimes(now, 72, 1).filter((t) => daysBefore(now, t) === 0);
      expect(today.length).toBeGreaterThan(0);
      for (const t of today) expect(t.getTime()).toBeGreaterThanOrEqual(startOfToday(now));
    },
  );

  it("gives fewer records than covered days to the most recent days", () => {
    const now = new Date("2025-08-01T00:30:00+05:30");
    expect(activityTimes(now, 5, 3).map((t) => daysBefore(now, t))).toEqual([4, 3, 2, 1, 0]);
  });

  it("is busier in recent weeks than two months ago, and in office hours than at night", () => {
    const now = new Date("2025-03-31T23:50:00+05:30");
    const times = activityTimes(now, 2400, 11);
    const within = (from: number, to: number) =>
      times.filter((t) => daysBefore(now, t) >= from && daysBefore(now, t) <= to).length;
    expect(within(0, 13)).toBeGreaterThan(within(HISTORY_DAYS - 14, HISTORY_DAYS - 1) * 1.2);
    const hour = (t: Date) => Math.floor(((t.getTime() + INDIA_OFFSET_MS) % 86_400_000) / 3_600_000);
    const office = times.filter((t) => hour(t) >= 9 && hour(t) < 17).length;
    const night = times.filter((t) => hour(t) < 8).length;
    expect(office).toBeGreaterThan(night * 4);
  });

  it("repeats itself for the same moment and seed, and differs for another seed", () => {
    const now = new Date("2025-08-01T00:30:00+05:30");
    expect(activityTimes(now, 100, 5)).toEqual(activityTimes(now, 100, 5));
    expect(activityTimes(now, 100, 6)).not.toEqual(activityTimes(now, 100, 5));
  });
});

describe("seededRandom", () => {
  it("gives the same numbers in [0, 1) for the same seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(new Set(values).size).toBe(1000);
  });
});
