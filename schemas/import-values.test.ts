import { describe, expect, it } from "vitest";
import { foldHeaderWords } from "./import-headers";
import {
  bodyTypeOf,
  brandOf,
  categoryOf,
  closestOption,
  phoneOf,
  stateOf,
  tonnageBandOf,
  tonnesOf,
  tyresOf,
} from "./import-values";
import { cellValue, importSpecs, suggestMapping, type ImportType } from "./imports";
import { indianStates, stateOptions, truckBrands } from "./logistics-options";

const label = (value: number | null) => indianStates.find((s) => s.value === value)?.label ?? null;
const fieldOf = (type: ImportType, name: string) => importSpecs[type].fields.find((f) => f.name === name)!;

describe("headers by meaning", () => {
  it("folds the words offices title columns with", () => {
    expect(foldHeaderWords("Vehicle No.")).toBe(foldHeaderWords("vehicle_number"));
    expect(foldHeaderWords("No. of Tyres")).toBe(foldHeaderWords("Number of tyres"));
    expect(foldHeaderWords("Mobile No.")).toBe(foldHeaderWords("Phone number"));
  });

  it("matches an Indian office's truck sheet without a choice", () => {
    const headers = [
      "Sr. No.",
      "Vehicle No.",
      "Owner Name",
      "Mobile No.",
      "Company",
      "Make",
      "No. of Tyres",
      "Capacity (Tons)",
      "Body",
      "State",
      "From",
      "To",
    ];
    expect(suggestMapping(importSpecs.trucks, headers)).toEqual([
      null,
      "vehicle_number",
      "owner_name",
      "contact_no",
      "company_name",
      "brand",
      "tyres",
      "tonnage_band",
      "body_type",
      "state",
      "from_city",
      "to_city",
    ]);
    expect(
      suggestMapping(importSpecs.trucks, ["Vehicle Number", "Contact No", "Wheels", "Manufacturer"]),
    ).toEqual(["vehicle_number", "contact_no", "tyres", "brand"]);
  });

  it("matches every list's obvious headers", () => {
    expect(
      suggestMapping(importSpecs.members, ["Name", "Surname", "Mobile No.", "Firm", "State", "Category"]),
    ).toEqual(["first_name", "last_name", "phone", "company", "state", "service_category"]);
    expect(suggestMapping(importSpecs.drivers, ["Driver", "Vehicle No", "DL No", "Mobile", "State"])).toEqual(
      ["driver_name", "vehicle_number", "licence_number", "contact_no", "state"],
    );
    expect(
      suggestMapping(importSpecs.loads, [
        "Mobile",
        "Pickup city",
        "Pickup state",
        "Drop city",
        "Drop state",
        "Goods",
        "Weight",
        "Date",
      ]),
    ).toEqual([
      "contact_no",
      "from_city",
      "from_state",
      "to_city",
      "to_state",
      "material",
      "weight_tons",
      "pickup_date",
    ]);
    expect(
      suggestMapping(importSpecs.buy_sell, [
        "Seller",
        "Mobile",
        "Reg No",
        "Make",
        "Year",
        "KMs",
        "Asking price",
        "City",
      ]),
    ).toEqual([
      "owner_name",
      "contact_no",
      "vehicle_number",
      "brand",
      "model_year",
      "kms_driven",
      "price",
      "location",
    ]);
    expect(
      suggestMapping(importSpecs.leads, [
        "Customer",
        "Mobile",
        "Company",
        "Requirement",
        "Lead status",
        "Follow up",
        "Remarks",
      ]),
    ).toEqual(["name", "contact_no", "company", "interest", "status", "follow_up_date", "note"]);
  });

  it("prefers a column's exact header to a synonym, and gives a field to one column", () => {
    // "Phone number" is the export's own header; "Mobile" would also mean it.
    expect(suggestMapping(importSpecs.trucks, ["Mobile", "Phone number"])).toEqual([null, "contact_no"]);
    // The leads export's "Notes" is a count, never the first note.
    expect(suggestMapping(importSpecs.leads, ["Notes"])).toEqual([null]);
  });
});

describe("values by meaning", () => {
  it("reads every state and union territory by name, code, old name and misspelling", () => {
    for (const s of indianStates) expect(stateOf(s.label)).toBe(s.value);
    const cases: Record<string, string> = {
      Orissa: "Odisha",
      Pondicherry: "Puducherry",
      Kerela: "Kerala",
      "U.P.": "Uttar Pradesh",
      MH: "Maharashtra",
      TS: "Telangana",
      "W.B.": "West Bengal",
      "New Delhi": "Delhi",
      "J&K": "Jammu and Kashmir",
      "Jammu & Kashmir": "Jammu and Kashmir",
      Tamilnadu: "Tamil Nadu",
      "TAMIL NADU (TN)": "Tamil Nadu",
      Uttaranchal: "Uttarakhand",
      Chattisgarh: "Chhattisgarh",
      Gujrat: "Gujarat",
      "Telangana State": "Telangana",
      "Daman and Diu": "Dadra and Nagar Haveli and Daman and Diu",
      "A&N": "Andaman and Nicobar Islands",
      " ka ": "Karnataka",
    };
    for (const [text, state] of Object.entries(cases)) expect(label(stateOf(text)), text).toBe(state);
    expect(stateOf("Mumbai")).toBeNull();
    expect(stateOf("")).toBeNull();
  });

  it("reads truck makes as the brands offered", () => {
    const cases: Record<string, string> = {
      "Tata Motors": "Tata",
      "TATA MOTORS LTD": "Tata",
      "Eicher Motors": "Eicher",
      Leyland: "Ashok Leyland",
      "Ashok Leyland Ltd.": "Ashok Leyland",
      BharatBenz: "Bharat Benz",
      "Mahindra & Mahindra": "Mahindra",
      "Maruti Suzuki": "Maruthi Suzuki",
      "SML Lsuzu": "SML Isuzu",
      "Force Motors": "Force",
    };
    for (const [text, brand] of Object.entries(cases)) expect(brandOf(text), text).toBe(brand);
    for (const brand of truckBrands) expect(brandOf(brand)).toBe(brand);
    expect(brandOf("Hyundai")).toBeNull();
  });

  it("reads tyres, capacities and weights", () => {
    expect(["10", "10 wheeler", "10-Wheeler", "10 tyres", "Ten wheeler", "10W"].map(tyresOf)).toEqual([
      10, 10, 10, 10, 10, 10,
    ]);
    expect(tyresOf("11")).toBeNull();
    expect(tyresOf("many")).toBeNull();
    expect(
      ["9 MT", "25", "2 tons", "9,000 kg", "above 40", "5-10", "10-May", "5 to 10 Ton", "45T"].map(
        tonnageBandOf,
      ),
    ).toEqual(["5-10", "20-40", "1-2.5", "5-10", "above 40 Ton", "5-10", "5-10", "5-10", "above 40 Ton"]);
    expect(tonnageBandOf("heavy")).toBeNull();
    expect(tonnesOf("12.5 MT")).toBe(12.5);
    expect(tonnesOf("12500 kg")).toBe(12.5);
    expect(tonnesOf("0")).toBeNull();
  });

  it("reads body types and member categories", () => {
    expect(["Open", "Closed container", "Dumper", "Mini truck", "Flatbed"].map(bodyTypeOf)).toEqual([
      "Open body",
      "Container",
      "Tipper",
      "LCV",
      "Trailer",
    ]);
    expect(["Truck owner", "Transporter", "Broker", "Dealer"].map(categoryOf)).toEqual([
      "Lorry Owner",
      "Logistics",
      "Load Booking Agent",
      "Lorry Buy & Sell Dealers/Owner",
    ]);
  });

  it("reads Indian mobile numbers in every shape a sheet holds", () => {
    for (const text of [
      "+91 98765 43210",
      "+91-98765-43210",
      "098765 43210",
      "09876543210",
      "91 9876543210",
      "9876543210.0",
      "'9876543210",
      "Mob: 98765-43210",
      "(+91) 98765 43210",
    ])
      expect(phoneOf(text), text).toBe("+919876543210");
    expect(phoneOf("12345")).toBeNull();
    expect(phoneOf("9.87654E+09")).toBeNull();
  });

  it("offers the closest option, never a far one", () => {
    expect(closestOption(stateOptions, "Maharashtraa")?.label).toBe("Maharashtra");
    expect(closestOption(stateOptions, "Tamil")?.label).toBe("Tamil Nadu");
    expect(closestOption(stateOptions, "Atlantis")).toBeNull();
  });

  it("gives the record's rules the stored value", () => {
    expect(cellValue(fieldOf("trucks", "state"), "W.B.")).toBe(33);
    expect(cellValue(fieldOf("trucks", "brand"), "Tata Motors")).toBe("Tata");
    expect(cellValue(fieldOf("trucks", "tyres"), "10 wheeler")).toBe(10);
    expect(cellValue(fieldOf("trucks", "tonnage_band"), "9 MT")).toBe("5-10");
    expect(cellValue(fieldOf("trucks", "contact_no"), "098765-43210")).toBe("+919876543210");
    expect(cellValue(fieldOf("loads", "weight_tons"), "9 MT")).toBe(9);
    // An operator's answer wins over nothing; a value no one recognises is left for the rule to refuse.
    const answers = new Map([["state", new Map([["bombay", "18"]])]]);
    expect(cellValue(fieldOf("members", "state"), "Bombay", answers)).toBe(18);
    expect(cellValue(fieldOf("members", "state"), "Bombay")).toBe("Bombay");
  });
});
