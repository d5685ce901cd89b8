import { describe, expect, it } from "vitest";
import { hasEveryWord, searchWords, titleMatchesFirst } from "./search-words";

describe("search words", () => {
  it("splits on any run of spaces and lower-cases", () => {
    expect(searchWords("  Payroll \t COMPLIANCE\n")).toEqual(["payroll", "compliance"]);
    expect(searchWords("   ")).toEqual([]);
  });

  it("matches text holding every word in any order, and nothing missing one", () => {
    const title = "payroll & compliance specialist";
    expect(hasEveryWord(title, searchWords("payroll compliance"))).toBe(true);
    expect(hasEveryWord(title, searchWords("Compliance payroll"))).toBe(true);
    expect(hasEveryWord(title, searchWords("payroll engineer"))).toBe(false);
  });

  it("puts results whose title has every word first, keeping each group's order", () => {
    const jobs = [
      { title: "Finance Lead", id: 1 },
      { title: "Payroll Specialist", id: 2 },
      { title: "HR Partner", id: 3 },
      { title: "Senior Payroll Specialist", id: 4 },
    ];
    const ranked = titleMatchesFirst(jobs, (job) => job.title, searchWords("payroll SPECIALIST"));
    expect(ranked.map((job) => job.id)).toEqual([2, 4, 1, 3]);
  });
});
