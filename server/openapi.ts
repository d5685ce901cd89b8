import { z } from "zod";
import type { ApiRoute } from "./plugins/access";

type JsonSchema = Record<string, unknown>;

/** Fastify's `:id` segments become OpenAPI's `{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};

const errorEnvelope: JsonSchema = {
  type: "object",
  required: ["success", "message"],
  properties: {
    success: { const: false },
    message: { type: "string", description: "Names the field and the rule, or what went wrong." },
    data: {},
    errors: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "One message per invalid field.",
    },
  },
};

const genericEnvelope: JsonSchema = {
  type: "object",
  properties: { success: { type: "boolean" }, message: { type: "string" }, data: {} },
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

function responses(route: ApiRoute) {
  const declared = Object.entries(route.schema?.response ?? {});
  const success = declared.length
    ? Object.fromEntries(
        declared.map(([status, schema]) => [
          status,
          {
            description: "Success",
            content: { "application/json": { schema: jsonSchema(schema, "output") } },
          },
        ]),
      )
    : {
        [route.method === "POST" ? "2XX" : "200"]: {
          description: "Success",
          content: { "application/json": { schema: genericEnvelope } },
        },
      };
  return {
    ...success,
    400: errorAnswer("The request is not valid: the message names the field and the rule."),
    ...(route.access === "public"
      ? {}
      : {
          401: errorAnswer("No valid bearer token (or it expired: refresh once and retry)."),
          403: errorAnswer("The operator's role may not do this."),
        }),
    ...(route.url.includes(":") ? { 404: errorAnswer("Not found.") } : {}),
    ...(route.rateLimited
      ? { 429: errorAnswer("Too many requests from this address; try again later.") }
      : {}),
    503: errorAnswer("The server is starting, draining or its database is unavailable."),
  };
}

/** The area a route belongs to: its first path segment after /api. */
const tagOf = (url: string) => url.split("/")[2] || "api";

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
      schemas: { Error: errorEnvelope },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
