import { describe, expect, it } from "vitest";
import { paginationRange } from "./pagination";

describe("paginationRange", () => {
  it("shows every page when there are few", () => {
    expect(paginationRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("shows one sibling each side of the current page with gaps", () => {
    expect(paginationRange(10, 20)).toEqual([1, "gap-start", 9, 10, 11, "gap-end", 20]);
  });
  it("has no leading gap near the start and no trailing gap near the end", () => {
    expect(paginationRange(2, 20)).toEqual([1, 2, 3, "gap-end", 20]);
    expect(paginationRange(19, 20)).toEqual([1, "gap-start", 18, 19, 20]);
  });
  it("is empty without pages", () => {
    expect(paginationRange(1, 0)).toEqual([]);
  });
});
