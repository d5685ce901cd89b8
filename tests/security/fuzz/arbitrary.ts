import fc from "fast-check";
import { z } from "zod";
import type { JsonSchema } from "#schemas/json-schema.ts";

/** A Zod schema as JSON Schema (its input side; transforms and refinements become "anything"). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Strings that often satisfy the app's patterns when the pattern itself cannot be generated from. */
const likelyStrings = fc.constantFrom(
  "1",
  "42",
  "9876543210",
  "+91 98765 43210",
  "2024-01-31",
  "2025-12-01",
  "MH12AB1234",
  "KA 01 AB 1234",
  "test@example.com",
  "https://example.com/a",
  "/images/blog/cover-1.svg",
  "true",
  "false",
  "asc",
  "desc",
  "Pune",
);

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40));
  // No filters (a filter no value passes loops forever): too short is padded, too long cut.
  const clamp = (v: string) => (v.length < minLength ? v.padEnd(minLength, "a") : v.slice(0, maxLength));
  if (s.format === "email") return fc.emailAddress();
  if (s.format === "date") return fc.constantFrom("2024-01-31", "2025-06-15", "2023-02-28");
  if (s.format === "date-time") return fc.constantFrom("2024-01-31T10:00:00.000Z", "2025-06-15T00:00:00Z");
  if (s.format === "uri" || s.format === "url") return fc.webUrl();
  if (s.pattern) {
    try {
      // stringMatching covers simple patterns; anything exotic falls back to likely strings.
      return fc.oneof(fc.stringMatching(new RegExp(s.pattern), { size: "small" }).map(clamp), likelyStrings);
    } catch {
      return likelyStrings;
    }
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: likelyStrings.map(clamp) },
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values that (mostly) satisfy the JSON Schema. */
export function arbitraryFor(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((part) => arbitraryFor(part, depth + 1)));
  if (s.allOf && s.allOf.length > 0) return arbitraryFor(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return stringArbitrary(s);
    case "integer":
      return numberArbitrary(s, true);
    case "number":
      return numberArbitrary(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 5, Math.max(minLength, 5));
      return fc.array(
        s.items && depth < 6 ? arbitraryFor(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength,
          maxLength,
        },
      );
    }
    case "object": {
      const properties = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const keys = Object.keys(properties);
      if (keys.length === 0 || depth > 6) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string());
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = arbitraryFor(properties[key]!, depth + 1);
      return fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/* ----------------------------------------------------------------------------------------------- */
/* Mutations: the inputs a schema should refuse (and the server must still answer calmly).        */

const SPECIAL_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

/** Unicode that trips naive code: NUL, RTL override, zero-width, emoji, combining marks, lone surrogates. */
export const nastyStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\u200B\u200D\uFEFF",
  "👩‍👩‍👧‍👦🚚",
  "e\u0301\u0301\u0301",
  "\uD800",
  "\uDFFF",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "%00",
  "../../etc/passwd",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "0x10",
  "9".repeat(400),
  "２０２４-０１-３１",
  "2024-02-30",
  "0000-00-00",
  "9999-12-31",
  "275760-09-13",
  "-271821-04-20",
  "2024-01-31T25:61:61Z",
);

const boundaryNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
  0.5,
  -1e-300,
);

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  boundaryNumbers,
  nastyStrings,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...SPECIAL_KEYS), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A value nested `depth` levels deep in arrays or objects. */
export const deepValue = (depth: number, asArray: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
};

const hugeValue = fc.oneof(
  fc.constantFrom(
    "x".repeat(100_000),
    "é".repeat(30_000),
    Array.from({ length: 5_000 }, (_, i) => i),
    deepValue(500, true),
    deepValue(500, false),
  ),
);

/** Mutates one field of a valid value (or the value itself). */
function mutate(valid: unknown): fc.Arbitrary<unknown> {
  const junk = fc.oneof({ weight: 6, arbitrary: wrongType }, { weight: 1, arbitrary: hugeValue });
  if (valid && typeof valid === "object" && !Array.isArray(valid)) {
    const keys = Object.keys(valid);
    const record = valid as Record<string, unknown>;
    const options: fc.Arbitrary<unknown>[] = [
      // one field of the wrong type, or a boundary/nasty value
      fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x"), junk).map(([key, value]) => ({
        ...record,
        [key]: value,
      })),
      // a field missing
      keys.length > 0
        ? fc.constantFrom(...keys).map((key) => {
            const copy = { ...record };
            delete copy[key];
            return copy;
          })
        : fc.constant({}),
      // prototype keys (set as own properties, as JSON.parse would)
      fc.tuple(fc.constantFrom(...SPECIAL_KEYS), wrongType).map(([key, value]) => {
        const copy = { ...record };
        Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
        return copy;
      }),
      // every field empty
      fc.constant(Object.fromEntries(keys.map((key) => [key, ""]))),
    ];
    return fc.oneof(...options);
  }
  return junk;
}

/** Mostly valid values (from the schema), a share mutated (`mutatedShare` of 10). */
export function fuzzValue(schema: JsonSchema | undefined, mutatedShare = 4): fc.Arbitrary<unknown> {
  if (!schema) {
    return fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...SPECIAL_KEYS)), wrongType, {
        maxKeys: 4,
      }),
      wrongType,
    );
  }
  const valid = arbitraryFor(schema);
  return fc.oneof(
    { weight: 10 - mutatedShare, arbitrary: valid },
    { weight: mutatedShare, arbitrary: valid.chain(mutate) },
  );
}
