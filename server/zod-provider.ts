import type { FastifyInstance, FastifyTypeProvider } from "fastify";
import fastJson, { type Schema } from "fast-json-stringify";
import { z } from "zod";
import { errorAnswerSchema } from "#schemas/api-responses.ts";
import { describeIssues, fieldErrors } from "#schemas/validation.ts";
import { DomainError } from "#domain/errors.ts";

/** Routes declare shared Zod schemas; handlers read what the schema outputs. */
export interface ZodProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  // Answers are serialized through the response schemas; handlers' return types are not checked against them.
  serializer: unknown;
}

/**
 * The query schema a route is registered with: its own, refusing keys it does not declare (a misspelt filter
 * must never widen a list, an export or a bulk delete to the whole table), or, without one, no key at all.
 */
export function strictQuery(schema: z.ZodType | undefined): z.ZodType {
  if (schema === undefined) return z.strictObject({});
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

function describeQueryIssues(schema: z.ZodType, error: z.ZodError): string {
  // The unknown key first: it is often the misspelling of the missing one that another issue names.
  const issue = error.issues.find((candidate) => candidate.code === "unrecognized_keys");
  if (issue?.code !== "unrecognized_keys") return describeIssues(error);
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const keys = issue.keys.map((key) => `"${key}"`).join(", ");
  return `Unknown query parameter ${keys}: ${known.length ? `this address takes ${known.join(", ")}` : "this address takes none"}.`;
}

/** A response schema as the JSON Schema fast-json-stringify compiles (draft 7; Dates become ISO strings). */
export function responseJsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "output",
    target: "draft-7",
    unrepresentable: "any",
  });
  return rest;
}

/** The success statuses a route declares (2xx; "4xx"/"5xx" are the error shape every route gets). */
export const successStatuses = (response: object | undefined) =>
  Object.keys(response ?? {}).filter((status) => /^2\d\d$/.test(status));

/**
 * The contract of every route with an access level (the API, /jobs/:jobId, /refresh_token), completed at
 * registration (docs/api.md): Fastify validates each request part with the route's Zod schema (a failure is a
 * 400 naming the field and the rule); query keys the route does not declare are refused; and every answer
 * is serialized through the route's response schema (a missing one fails start-up), errors through the error
 * shape, so a field no schema declares never leaves the server.
 */
export function registerZodValidation(app: FastifyInstance, { exactAnswers = false } = {}) {
  app.addHook("onRoute", (route) => {
    if (!route.config?.access) return;
    route.schema ??= {};
    route.schema.querystring = strictQuery(route.schema.querystring as z.ZodType | undefined);
    const response = (route.schema.response ?? {}) as Record<string, z.ZodType>;
    if (route.method !== "HEAD" && successStatuses(response).length === 0)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no 2xx response schema`);
    route.schema.response = { "4xx": errorAnswerSchema, "5xx": errorAnswerSchema, ...response };
  });
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    const message =
      httpPart === "querystring" ? describeQueryIssues(schema, result.error) : describeIssues(result.error);
    return { error: new DomainError("invalid", message, { fields: fieldErrors(result.error) }) };
  });
  // fast-json-stringify compiles each schema once and writes only the declared fields: no per-answer parse
  // (as a Zod strip would cost) and no undeclared field can leave (docs/api.md).
  // One compilation per schema, not per route and status: every route's 4xx and 5xx share the error shape and
  // many routes share an answer's schema; compiling each again held megabytes of generated code for life.
  const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
  app.setSerializerCompiler<z.ZodType>(({ schema, method, url, httpStatus }) => {
    let stringify = compiled.get(schema);
    if (!stringify) {
      stringify = fastJson(responseJsonSchema(schema) as Schema);
      compiled.set(schema, stringify);
    }
    if (!exactAnswers) return stringify;
    const write = stringify;
    return (data: unknown) => {
      const json = write(data);
      const lost = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(json), "answer");
      if (lost)
        throw new Error(
          `${method} ${url} → ${httpStatus}: the response schema ${lost}; declare it (docs/api.md)`,
        );
      return json;
    };
  });
}

/**
 * Where the serialized answer differs from what the handler returned (both as JSON): a field the schema
 * does not declare, or a value it coerces. Outside production every answer is checked (exactAnswers), so a
 * field left out of a schema fails the tests instead of vanishing from the console.
 */
export function firstDifference(sent: unknown, written: unknown, path: string): string | undefined {
  if (Array.isArray(sent) && Array.isArray(written)) {
    if (sent.length !== written.length) return `writes ${written.length} items of ${sent.length} at ${path}`;
    for (const [i, item] of sent.entries()) {
      const lost = firstDifference(item, written[i], `${path}[${i}]`);
      if (lost) return lost;
    }
    return undefined;
  }
  if (isObject(sent) && isObject(written)) {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in written)) return `drops ${path}.${key}`;
      const lost = firstDifference(value, written[key], `${path}.${key}`);
      if (lost) return lost;
    }
    return undefined;
  }
  return Object.is(sent, written)
    ? undefined
    : `changes ${path} from ${JSON.stringify(sent)} to ${JSON.stringify(written)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
