import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_ATTEMPTS, MAX_RETRY_DELAY_MS, retryDelayMs } from "./retry-schedule";

/** When attempt n (1-based) starts, counted from the first attempt, under the shipped schedule. */
const startOfAttempt = (n: number) =>
  Array.from({ length: n - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);

describe("the shipped mail retry schedule", () => {
  it("doubles from 5 s: 5, 10, 20, 40 s between attempts", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it("tries again 75 s into an outage, so a mail server down for up to a minute still gets the mail within two", () => {
    // Attempts at 0, 5, 15, 35, 75 s: the first one after a 5 s outage is at 15 s; even a 60 s outage ends by 75 s.
    expect([1, 2, 3, 4, 5].map(startOfAttempt)).toEqual([0, 5_000, 15_000, 35_000, 75_000]);
    expect(startOfAttempt(5)).toBeLessThan(120_000);
  });

  it("never waits more than an hour, and rides out a two-hour outage before giving up", () => {
    expect(retryDelayMs(40)).toBe(MAX_RETRY_DELAY_MS);
    expect(startOfAttempt(DEFAULT_MAX_ATTEMPTS)).toBeGreaterThan(2 * 3_600_000);
  });
});
