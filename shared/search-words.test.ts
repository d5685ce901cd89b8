import { describe, expect, it } from "vitest";
import { hasEveryWord, searchWords } from "./search-words";

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
});
