import { z } from "zod";
import { errorAnswerSchema } from "#schemas/api-responses.ts";
import type { ApiRoute } from "./plugins/access";

type JsonSchema = Record<string, unknown>;

/** Fastify's `:id` segments become OpenAPI's `{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The path's `{name}` parameters and the query's, from the route's schemas. */
function parameters(route: ApiRoute) {
  const params = route.schema?.params ? jsonSchema(route.schema.params, "input") : {};
  const pathProperties = (params.properties ?? {}) as Record<string, JsonSchema>;
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const inPath = names.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: pathProperties[name] ?? { type: "string" },
  }));
  if (!route.schema?.querystring) return inPath;
  const query = jsonSchema(route.schema.querystring, "input");
  const required = new Set((query.required as string[] | undefined) ?? []);
  const inQuery = Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, schema]) => ({
      name,
      in: "query",
      required: required.has(name),
      ...(typeof schema.description === "string" ? { description: schema.description } : {}),
      schema,
    }),
  );
  return [...inPath, ...inQuery];
}

/** A declared answer: JSON, or the media type a text answer names (CSV, HTML, a backup archive). */
function answer(schema: z.ZodType, description: string) {
  const { mediaType, ...rest } = jsonSchema(schema, "output");
  return { description, content: { [String(mediaType ?? "application/json")]: { schema: rest } } };
}

/** The answers a route declares (a 2xx at least), over the error shape of every refusal that can happen. */
function responses(route: ApiRoute) {
  const declared = Object.fromEntries(
    Object.entries(route.schema?.response ?? {})
      .filter(([status]) => /^\d\d\d$/.test(status))
      .map(([status, schema]) => [status, answer(schema, status.startsWith("2") ? "Success" : "Refused")]),
  );
  return {
    400: errorAnswer("The request is not valid: the message names the field and the rule."),
    ...(route.access === "public"
      ? {}
      : {
          401: errorAnswer("No valid bearer token (or it expired: refresh once and retry)."),
          403: errorAnswer(
            "The operator's role may not do this, or it requires two-factor sign-in they have not set up: until they do, only enrolment is allowed.",
          ),
        }),
    ...(route.url.includes(":") ? { 404: errorAnswer("Not found.") } : {}),
    ...(route.rateLimited
      ? { 429: errorAnswer("Too many requests from this address; try again later.") }
      : {}),
    "4XX": errorAnswer("Any other refusal (a conflict, a body too large): the message says what to do."),
    503: errorAnswer("The server is starting, draining or its database is unavailable."),
    "5XX": errorAnswer("Something failed on the server; the answer says nothing internal."),
    ...declared,
  };
}

/** The area a route belongs to: its first path segment after /api (or its first, outside /api). */
const tagOf = (url: string) => (url.startsWith("/api/") ? url.split("/")[2] : url.split("/")[1]) || "api";

/** OpenAPI 3.1 built from what the routes declare, so it cannot drift from their validation. */
export function buildOpenApiDocument(routes: ApiRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const body = route.schema?.body;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
      tags: [tagOf(route.url)],
      "x-access": route.access,
      ...(route.access === "public" ? { security: [] } : { security: [{ bearerAuth: [] }] }),
      parameters: parameters(route),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(body, "input") } },
            },
          }
        : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: "3.1.0",
    info,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: jsonSchema(errorAnswerSchema, "output") },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
