import { describe, expect, it } from "vitest";
import { compactPhoneSearch, formatPhone, normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["9876543210", "+919876543210"],
    ["98765 43210", "+919876543210"],
    ["098765-43210", "+919876543210"],
    ["+91 98765 43210", "+919876543210"],
    ["+91-98765-43210", "+919876543210"],
    ["91 9876543210", "+919876543210"],
    ["0091 98765 43210", "+919876543210"],
    ["(+91) 6000000001", "+916000000001"],
  ])("turns %s into E.164", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    "",
    "12345",
    "5876543210",
    "+1 202 555 0111",
    "+44 7700 900123",
    "98765432101",
    "98765abcde",
    "++919876543210",
    "+91 98765 4321",
  ])("refuses %s", (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it("formats for reading and compacts phone-like search text only", () => {
    expect(formatPhone("+919876543210")).toBe("+91 98765 43210");
    expect(compactPhoneSearch("98765 43210")).toBe("9876543210");
    expect(compactPhoneSearch("+91 98765")).toBe("+9198765");
    expect(compactPhoneSearch("Ravi Kumar")).toBe("Ravi Kumar");
    expect(compactPhoneSearch("12")).toBe("12");
  });
});
