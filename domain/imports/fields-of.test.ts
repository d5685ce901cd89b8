import { describe, expect, it } from "vitest";
import { importSpecs } from "#schemas/imports.ts";
import { DomainError } from "../errors";
import { plural } from "./batches";
import { fieldsOf } from "./classify";
import type { ImportTarget } from "./targets";

// fieldsOf reads only the list's spec.
const members = { spec: importSpecs.members } as ImportTarget;
const headers = ["Name", "Surname", "Mobile", "Notes"];

function mappingError(mapping: (string | null)[], columns = headers) {
  try {
    fieldsOf(members, columns, { mapping, mode: "update", answers: [], create_members: false });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "invalid", fields: { mapping: (error as Error).message } });
    return (error as Error).message;
  }
  throw new Error("took the mapping");
}

describe("fieldsOf", () => {
  it("gives each column its field, or null for a column skipped", () => {
    const fields = fieldsOf(members, headers, {
      mapping: ["first_name", "last_name", "phone", null],
      mode: "update",
      answers: [],
      create_members: false,
    });
    expect(fields.map((f) => f?.name ?? null)).toEqual(["first_name", "last_name", "phone", null]);
    expect(fields[2]).toBe(importSpecs.members.fields.find((f) => f.name === "phone"));
  });

  it("refuses a mapping of another length than the file's columns", () => {
    expect(mappingError(["first_name", null, null])).toBe(
      "mapping must name a field (or null) for each of the file's 4 columns; it has 3.",
    );
    expect(mappingError(["first_name", null, null, null, null])).toMatch(/file's 4 columns; it has 5\.$/);
  });

  it("refuses a field the list does not have, naming the ones it has", () => {
    expect(mappingError(["first_name", "surname", null, null])).toBe(
      '"surname" is not a field of members: use one of first_name, last_name, phone, company, state, service_category, or null to skip the column.',
    );
  });

  it("refuses one field taken from two columns, naming both", () => {
    expect(mappingError(["first_name", "phone", "phone", null])).toBe(
      "Phone is taken from two columns (Surname and Mobile): import it from one.",
    );
    expect(mappingError(["first_name", null, null, "first_name"])).toBe(
      "First name is taken from two columns (Name and Notes): import it from one.",
    );
  });
});

describe("plural", () => {
  it("counts in the Indian grouping, singular for one only", () => {
    expect(plural(1, "row")).toBe("1 row");
    expect(plural(0, "row")).toBe("0 rows");
    expect(plural(2, "row")).toBe("2 rows");
    expect(plural(120_000, "entry", "entries")).toBe("1,20,000 entries");
  });
});
