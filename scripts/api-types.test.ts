import { describe, expect, it } from "vitest";
import { Shapes, typeOf } from "./api-types";

describe("the route table's types, from the JSON Schema Zod writes", () => {
  it("writes objects with their optional fields, lists, choices, nullables and records", () => {
    expect(
      typeOf({
        type: "object",
        required: ["id", "tags"],
        properties: {
          id: { type: "integer" },
          tags: { type: "array", items: { type: "string" } },
          status: { enum: ["new", "done"] },
          note: { anyOf: [{ type: "string" }, { type: "null" }] },
          "x-y": { const: true },
          extra: { type: "object", additionalProperties: { type: "number" } },
        },
        additionalProperties: false,
      }),
    ).toBe(
      '{ id: number; tags: Array<string>; status?: "new" | "done"; note?: (string) | (null); "x-y"?: true; extra?: { [key: string]: number; }; }',
    );
    expect(typeOf({ type: ["string", "null"] })).toBe("string | null");
    expect(typeOf({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] })).toBe(
      "[string, number]",
    );
    expect(typeOf({})).toBe("unknown");
  });

  it("follows $defs, and stops at a schema that contains itself", () => {
    const defs = { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" } } } };
    expect(typeOf({ $ref: "#/$defs/Node" }, defs)).toBe("{ next?: unknown; }");
  });

  it("names an object type or a choice seen twice, after its text, and leaves a one-off inline", () => {
    const record = {
      type: "object",
      properties: {
        id: { type: "integer" },
        full_name: { type: "string" },
        city: { type: "string" },
        state: { type: "integer" },
      },
    };
    const once = {
      type: "object",
      properties: { only: { type: "string" }, here: { type: "string" }, alone: { type: "string" } },
    };
    const shapes = new Shapes();
    for (const schema of [record, record, once]) typeOf(schema, {}, new Set(), shapes);
    shapes.counting = false;
    const name = typeOf(record, {}, new Set(), shapes);
    expect(name).toMatch(/^Shape_[0-9a-f]{8}$/);
    expect(shapes.named.get(name)).toBe(
      "{ id?: number; full_name?: string; city?: string; state?: number; }",
    );
    expect(typeOf(once, {}, new Set(), shapes)).toBe("{ only?: string; here?: string; alone?: string; }");
    // The same text always gets the same name, whatever else the table holds.
    const again = new Shapes();
    for (const schema of [once, record, record]) typeOf(schema, {}, new Set(), again);
    again.counting = false;
    expect(typeOf(record, {}, new Set(), again)).toBe(name);
  });
});
