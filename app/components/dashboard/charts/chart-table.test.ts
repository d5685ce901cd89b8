import { describe, expect, it } from "vitest";
import { drawAsBars } from "./chart-table";

describe("drawAsBars", () => {
  it("draws small counts (a 0/1 series) as bars and larger ones as lines", () => {
    const days = (counts: number[]) => counts.map((count, i) => ({ date: `2026-07-0${i + 1}`, count }));
    expect(drawAsBars(days([0, 1, 0, 0, 1]), ["count"])).toBe(true);
    expect(drawAsBars(days([0, 0, 0]), ["count"])).toBe(true);
    expect(drawAsBars(days([3, 12, 40]), ["count"])).toBe(false);
    // One large series makes the whole chart lines: its series share one axis.
    expect(
      drawAsBars(
        [
          { bucket: "09:00", member: 0, load: 1 },
          { bucket: "10:00", member: 30, load: 0 },
        ],
        ["member", "load"],
      ),
    ).toBe(false);
  });
});
