import { describe, expect, it } from "vitest";
import { parseSalary } from "./salary";

describe("parseSalary", () => {
  it("reads an Indian-format yearly range", () => {
    expect(parseSalary("12,00,000 - 18,00,000 per annum")).toEqual({
      currency: "INR",
      minValue: 1_200_000,
      maxValue: 1_800_000,
      unitText: "YEAR",
    });
  });

  it("reads a monthly range and a single amount", () => {
    expect(parseSalary("25,000 - 30,000 per month")).toMatchObject({
      minValue: 25_000,
      maxValue: 30_000,
      unitText: "MONTH",
    });
    expect(parseSalary("9,00,000 per year")).toMatchObject({
      minValue: 900_000,
      maxValue: 900_000,
      unitText: "YEAR",
    });
  });

  it("reads hourly pay, decimals, lakhs per annum and the range either way round, in any case", () => {
    expect(parseSalary("₹450.50 per hour")).toEqual({
      currency: "INR",
      minValue: 450.5,
      maxValue: 450.5,
      unitText: "HOUR",
    });
    expect(parseSalary("18,00,000 - 12,00,000 PER ANNUM")).toMatchObject({
      minValue: 1_200_000,
      maxValue: 1_800_000,
    });
    for (const text of ["4.5 - 6 LPA", "4.5-6 lpa", "4.5 to 6 p.a.", "4.5 to 6 pa", "4.5 to 6 yearly"])
      expect(parseSalary(text)).toMatchObject({ minValue: 4.5, maxValue: 6, unitText: "YEAR" });
    expect(parseSalary("30,000 Per Month")).toMatchObject({ unitText: "MONTH" });
  });

  it.each([
    "",
    "Competitive",
    "Negotiable per month",
    "0 - 50,000 per month",
    "5,00,000 paid on joining",
    `${"9".repeat(400)} per year`,
    "12,00,000 - 18,00,000",
    "1 - 2 - 3 per annum",
    "0 per month",
  ])("gives up on %j rather than guessing", (text) => {
    expect(parseSalary(text)).toBeNull();
  });
});
