/**
 * Writes app/lib/dashboard/api-routes.ts, the console client's table of every API route, from the routes the
 * server registers (their Zod params, query, body and answers, as the OpenAPI document reads them).
 * `--check` writes nothing and fails when the file is stale: `npm run typecheck` runs it before tsc.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { z } from "zod";
import { createTestApp } from "#tests/support/app.ts";
import type { ApiRoute } from "#server/plugins/access.ts";
import type { JsonSchema } from "#schemas/json-schema.ts";

export const TABLE_FILE = fileURLToPath(new URL("../app/lib/dashboard/api-routes.ts", import.meta.url));

/**
 * The object types and choices that recur (a record in its list, its read and its edit answers), named once: a first pass
 * counts each object type's text, the second names those seen twice or more after a hash of that text, so a
 * name stays the same when other routes change.
 */
export class Shapes {
  private counts = new Map<string, number>();
  readonly named = new Map<string, string>();
  counting = true;

  use(plain: string, text: string, kind = "Shape"): string {
    if (this.counting) {
      this.counts.set(plain, (this.counts.get(plain) ?? 0) + 1);
      return text;
    }
    if ((this.counts.get(plain) ?? 0) < 2 || plain.length < 60) return text;
    const name = `${kind}_${createHash("sha256").update(plain).digest("hex").slice(0, 8)}`;
    this.named.set(name, text);
    return name;
  }
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript type a JSON Schema describes (the subset Zod writes). */
export function typeOf(
  schema: JsonSchema,
  defs: Record<string, JsonSchema> = {},
  seen = new Set<string>(),
  shapes?: Shapes,
): string {
  const of = (inner: JsonSchema) => typeOf(inner, defs, seen, shapes);
  if (schema.$ref) {
    const name = schema.$ref.replace("#/$defs/", "");
    const target = defs[name];
    if (!target || seen.has(name)) return "unknown";
    return typeOf(target, defs, new Set([...seen, name]), shapes);
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.enum) {
    const text = schema.enum.map((value) => JSON.stringify(value)).join(" | ");
    return shapes ? shapes.use(text, text, "Choice") : text;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((inner) => `(${of(inner)})`).join(" | ");
  if (schema.allOf) return schema.allOf.map((inner) => `(${of(inner)})`).join(" & ");
  if (Array.isArray(schema.type)) return schema.type.map((type) => of({ ...schema, type })).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      if (schema.prefixItems) return `[${schema.prefixItems.map(of).join(", ")}]`;
      return `Array<${schema.items ? of(schema.items) : "unknown"}>`;
    case "object": {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(
        ([name, inner]) => `${key(name)}${required.has(name) ? "" : "?"}: ${of(inner)};`,
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === "object") fields.push(`[key: string]: ${of(extra)};`);
      else if (extra === undefined && fields.length === 0) fields.push("[key: string]: unknown;");
      const text = `{ ${fields.join(" ")} }`;
      if (!shapes) return text;
      return shapes.use(shapes.counting ? text : typeOf(schema, defs, seen), text);
    }
    default:
      return "unknown";
  }
}

const jsonSchema = (schema: z.ZodType, io: "input" | "output", shapes: Shapes) => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return typeOf(json, json.$defs, new Set(), shapes);
};

/** A query schema that takes some key (routes without one are registered with a strict empty object). */
const hasKeys = (schema: z.ZodType | undefined) =>
  schema !== undefined &&
  Object.keys((z.toJSONSchema(schema, { io: "input" }) as JsonSchema).properties ?? {}).length > 0;

/** A route's entry: what its query and body take, and what its first success answers (a text answer is a string). */
function entry(route: ApiRoute, shapes: Shapes) {
  const schema = route.schema ?? {};
  const success = Object.entries(schema.response ?? {}).find(([status]) => /^2\d\d$/.test(status));
  const answerJson = success
    ? (z.toJSONSchema(success[1], { io: "output", unrepresentable: "any" }) as JsonSchema)
    : {};
  const answer = answerJson.mediaType ? "string" : typeOf(answerJson, answerJson.$defs, new Set(), shapes);
  return [
    `query: ${hasKeys(schema.querystring) ? jsonSchema(schema.querystring!, "input", shapes) : "never"};`,
    `body: ${schema.body ? jsonSchema(schema.body, "input", shapes) : "never"};`,
    `answer: ${answer};`,
  ].join(" ");
}

export async function routeTableSource() {
  const test = await createTestApp();
  try {
    const routes = [...(test.app.apiRoutes as ApiRoute[])]
      .filter((route) => route.url.startsWith("/api/"))
      .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
    const shapes = new Shapes();
    for (const route of routes) entry(route, shapes);
    shapes.counting = false;
    const lines = routes.map(
      (route) => `${JSON.stringify(`${route.method} ${route.url}`)}: { ${entry(route, shapes)} };`,
    );
    const named = [...shapes.named].sort(([a], [b]) => a.localeCompare(b));
    const source = `// Generated by scripts/api-types.ts from the routes' Zod declarations: do not edit, run \`npm run api:types\`.
/** Every API route: what its query and body take and what it answers (the console calls them through \`call\`). */
export interface ApiRoutes {
${lines.join("\n")}
}

// Object types and choices that recur across routes, named by a hash of their text.
${named.map(([name, text]) => `type ${name} = ${text};`).join("\n")}
`;
    return format(source, { ...(await resolveConfig(TABLE_FILE)), filepath: TABLE_FILE });
  } finally {
    await test.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = await routeTableSource();
  let current = "";
  try {
    current = readFileSync(TABLE_FILE, "utf8");
  } catch {
    // No table yet: --check fails below, a write creates it.
  }
  if (process.argv.includes("--check")) {
    if (current !== source) {
      console.error(
        "app/lib/dashboard/api-routes.ts is stale: the API routes changed since it was written. Run `npm run api:types`.",
      );
      process.exit(1);
    }
  } else if (current !== source) {
    writeFileSync(TABLE_FILE, source);
    console.log("Wrote app/lib/dashboard/api-routes.ts");
  }
}
