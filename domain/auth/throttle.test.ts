import { describe, expect, it } from "vitest";
import { FREE_FAILURES, lockSeconds } from "./throttle";

describe("lockSeconds", () => {
  it("locks nothing for the first five failures, then 1, 2, 4 … seconds, never more than 15 minutes", () => {
    expect(FREE_FAILURES).toBe(5);
    expect([0, 1, 4, 5, 6, 7, 14, 15, 40, 1_000].map(lockSeconds)).toEqual([
      0, 0, 0, 1, 2, 4, 512, 900, 900, 900,
    ]);
  });
});
