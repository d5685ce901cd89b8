import { describe, expect, it } from "vitest";
import { cellValue, importSpecs, importTypes, suggestMapping } from "./imports";

const field = (type: keyof typeof importSpecs, name: string) =>
  importSpecs[type].fields.find((f) => f.name === name)!;

describe("suggestMapping", () => {
  it("matches export headers, form labels and field names, ignoring case, spaces and punctuation", () => {
    expect(
      suggestMapping(importSpecs.trucks, [
        "Truck id",
        " VEHICLE-NUMBER ",
        "contact_no",
        "Owner name",
        "Tyres",
        "state",
        "Something else",
      ]),
    ).toEqual([null, "vehicle_number", "contact_no", "owner_name", "tyres", "state", null]);
  });

  it("gives a field to the first column that names it only", () => {
    expect(suggestMapping(importSpecs.leads, ["Name", "name", "Phone number"])).toEqual([
      "name",
      null,
      "contact_no",
    ]);
  });

  it("does not take the leads export's Notes count for a lead's first note", () => {
    expect(suggestMapping(importSpecs.leads, ["Notes", "Note"])).toEqual([null, "note"]);
  });

  it("has a field for every column each list's form edits (buy-and-sell photos excepted)", () => {
    for (const type of importTypes) expect(importSpecs[type].fields.length).toBeGreaterThan(4);
    expect(importSpecs.buy_sell.fields.map((f) => f.name)).not.toContain("images");
    expect(field("trucks", "vehicle_number").required).toBe(true);
    expect(field("trucks", "company_name").required).toBe(false);
  });
});

describe("cellValue", () => {
  it("reads an option by its value or its label, numbers for numeric selects", () => {
    expect(cellValue(field("trucks", "state"), "maharashtra")).toBe(18);
    expect(cellValue(field("trucks", "state"), "18")).toBe(18);
    expect(cellValue(field("trucks", "tyres"), "10 tyres")).toBe(10);
    expect(cellValue(field("trucks", "tonnage_band"), "10-20 Ton")).toBe("10-20");
    expect(cellValue(field("members", "service_category"), "LORRY OWNER")).toBe("Lorry Owner");
    // Left for the field's rule to refuse with its own message.
    expect(cellValue(field("trucks", "state"), "Atlantis")).toBe("Atlantis");
  });

  it("reads Indian-grouped and rupee-marked numbers, and day-first dates", () => {
    expect(cellValue(field("buy_sell", "price"), "₹ 18,50,000")).toBe(1_850_000);
    expect(cellValue(field("buy_sell", "price"), "Rs. 5,000")).toBe(5000);
    expect(cellValue(field("loads", "weight_tons"), "12.5")).toBe(12.5);
    expect(cellValue(field("loads", "weight_tons"), "twelve")).toBe("twelve");
    expect(cellValue(field("loads", "pickup_date"), "5/6/2030")).toBe("2030-06-05");
    expect(cellValue(field("loads", "pickup_date"), "2030-06-05")).toBe("2030-06-05");
  });
});
