import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { arbitraryFor, toJsonSchema } from "./arbitrary";

// The generator's valid side must produce values the schema accepts, at least for simple schemas.
describe("JSON Schema → fast-check generator", () => {
  const simple = {
    object: z.object({
      name: z.string().min(1).max(20),
      age: z.number().int().min(0).max(120),
      ok: z.boolean(),
    }),
    optional: z.object({ role: z.enum(["admin", "editor"]).optional(), tags: z.array(z.string()).max(3) }),
    union: z.union([z.literal("a"), z.number().min(5)]),
  };
  for (const [name, schema] of Object.entries(simple)) {
    it(`generates values ${name} accepts`, () => {
      const values = fc.sample(arbitraryFor(toJsonSchema(schema)), { seed: 1, numRuns: 200 });
      const refused = values.filter((value) => !schema.safeParse(value).success);
      expect(refused).toEqual([]);
    });
  }

  it("generates mostly matching strings for a pattern (the rest are likely-looking fallbacks)", () => {
    const schema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
    const values = fc.sample(arbitraryFor(toJsonSchema(schema)), { seed: 1, numRuns: 200 });
    const accepted = values.filter((value) => schema.safeParse(value).success).length;
    expect(accepted).toBeGreaterThan(values.length * 0.4);
  });
});
