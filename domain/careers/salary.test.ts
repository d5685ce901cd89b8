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

  it.each(["", "Competitive", "12,00,000 - 18,00,000", "1 - 2 - 3 per annum", "0 per month"])(
    "gives up on %j rather than guessing",
    (text) => {
      expect(parseSalary(text)).toBeNull();
    },
  );
});
