import { describe, expect, it } from "vitest";
import { formatIndianNumber, formatRupees, formatRupeesShort, parseRupees } from "./money";

describe("rupees", () => {
  it("groups digits the Indian way", () => {
    expect(formatRupees(500000)).toBe("₹5,00,000");
    expect(formatRupees(9000001)).toBe("₹90,00,001");
    expect(formatRupees(999)).toBe("₹999");
    expect(formatIndianNumber(2000001)).toBe("20,00,001");
  });

  it("parses typed amounts and refuses anything else", () => {
    expect(parseRupees("₹5,00,000")).toBe(500000);
    expect(parseRupees("  750000 ")).toBe(750000);
    expect(parseRupees("Rs. 1,20,000")).toBe(120000);
    expect(parseRupees("-5")).toBeNull();
    expect(parseRupees("5.5")).toBeNull();
    expect(parseRupees("lakh")).toBeNull();
  });

  it("shortens to lakh and crore", () => {
    expect(formatRupeesShort(2500000)).toBe("₹25 L");
    expect(formatRupeesShort(35000000)).toBe("₹3.5 Cr");
    expect(formatRupeesShort(50000)).toBe("₹50,000");
  });
});
