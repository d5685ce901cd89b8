import { describe, expect, it } from "vitest";
import {
  autoPlayInterval,
  DEFAULT_CAROUSEL_INTERVAL_MS,
  MOBILE_BREAKPOINT_PX,
  reanchorIndex,
  slideCount,
  swipeStep,
  SWIPE_THRESHOLD_PX,
  wrapIndex,
} from "./carousel-logic";

describe("carousel constants", () => {
  it("match the spec", () => {
    expect(DEFAULT_CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(40);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
  });
});

describe("autoPlayInterval", () => {
  it("uses the default interval for true, a given number, and none otherwise", () => {
    expect(autoPlayInterval(true)).toBe(5000);
    expect(autoPlayInterval(3500)).toBe(3500);
    expect(autoPlayInterval(false)).toBeNull();
    expect(autoPlayInterval(undefined)).toBeNull();
    expect(autoPlayInterval(0)).toBeNull();
  });
});

describe("slideCount", () => {
  it("counts six cards as two slides of three, or six slides of one", () => {
    expect(slideCount(6, 3)).toBe(2);
    expect(slideCount(6, 1)).toBe(6);
  });
  it("counts a short last slide and never returns 0 or divides by 0", () => {
    expect(slideCount(4, 3)).toBe(2);
    expect(slideCount(2, 0)).toBe(2);
    expect(slideCount(0, 3)).toBe(1);
  });
});

describe("wrapIndex", () => {
  it("wraps past either end", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("swipeStep", () => {
  it("needs at least 40 px of mostly horizontal movement", () => {
    expect(swipeStep(-40, 0)).toBe(1);
    expect(swipeStep(-39, 0)).toBe(0);
    expect(swipeStep(60, 10)).toBe(-1);
    expect(swipeStep(-60, 80)).toBe(0);
  });
});

describe("reanchorIndex", () => {
  it("keeps the first visible card when switching between 3 and 1 per slide", () => {
    expect(reanchorIndex(1, 3, 1, 6)).toBe(3);
    expect(reanchorIndex(4, 1, 3, 6)).toBe(1);
    expect(reanchorIndex(0, 3, 1, 6)).toBe(0);
    expect(reanchorIndex(5, 1, 3, 6)).toBe(1);
  });
});
