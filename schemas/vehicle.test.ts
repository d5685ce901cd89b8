import { describe, expect, it } from "vitest";
import { formatVehicleNumber, isValidVehicleNumber, normalizeVehicleNumber, vehicleOptions } from "./vehicle";

const valid = (text: string) => isValidVehicleNumber(normalizeVehicleNumber(text));

describe("vehicle numbers", () => {
  it("normalises to upper case without spaces, dashes or dots", () => {
    expect(normalizeVehicleNumber(" mh-12 ab.1234 ")).toBe("MH12AB1234");
    expect(normalizeVehicleNumber("22 bh 1234 ab")).toBe("22BH1234AB");
  });

  it.each([
    "MH12AB1234",
    "mh 12 ab 1234",
    "DL1CAB1234",
    "KA01A1234",
    "TN091234",
    "UP16BT0001",
    "22BH1234AB",
    "21 BH 0001 A",
  ])("accepts %s", (text) => {
    expect(valid(text)).toBe(true);
  });

  it.each([
    "",
    "MH12AB123",
    "XX12AB1234",
    "MH00AB1234",
    "MH12ABCD1234",
    "MH12AB0000",
    "1234",
    "22BH1234",
    "22BH1234ABC",
    "22BH1234IO",
    "MH12AB12345",
    "MH12AB123A",
    "<script>",
  ])("refuses %s", (text) => {
    expect(valid(text)).toBe(false);
  });

  it("formats for reading", () => {
    expect(formatVehicleNumber("MH12AB1234")).toBe("MH 12 AB 1234");
    expect(formatVehicleNumber("TN091234")).toBe("TN 09 1234");
    expect(formatVehicleNumber("22BH1234AB")).toBe("22 BH 1234 AB");
  });

  it("builds the edit form's options from the record's number and the member's list, without duplicates", () => {
    expect(vehicleOptions(["MH12AB1234", "KA01A1234"], "mh12ab1234")).toEqual(["MH12AB1234", "KA01A1234"]);
    expect(vehicleOptions([], "dl 1c ab 1234")).toEqual(["DL1CAB1234"]);
    expect(vehicleOptions(["MH12AB1234"])).toEqual(["MH12AB1234"]);
  });
});
