import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { anyRecord, textAnswer } from "#schemas/api-responses.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi";
import type { ApiRoute } from "../plugins/access";

const escapeHtml = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

type JsonSchema = {
  type?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const typeOf = (schema: JsonSchema = {}) =>
  schema.enum ? schema.enum.map((v) => JSON.stringify(v)).join(" | ") : String(schema.type ?? "any");

function fieldTable(caption: string, rows: [string, string, boolean][]) {
  if (rows.length === 0) return "";
  const body = rows
    .map(
      ([name, type, required]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(type)}</td><td>${required ? "yes" : "no"}</td></tr>`,
    )
    .join("");
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th>Name</th><th>Type</th><th>Required</th></tr></thead><tbody>${body}</tbody></table>`;
}

const objectFields = (schema: JsonSchema | undefined): [string, string, boolean][] =>
  Object.entries(schema?.properties ?? {}).map(([name, field]) => [
    name,
    typeOf(field),
    (schema?.required ?? []).includes(name),
  ]);

type Content = { content?: Record<string, { schema: JsonSchema }> };
interface Operation {
  tags: string[];
  "x-access": string;
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: Content;
  responses: Record<string, Content>;
}

/** The document as plain HTML: no script, so the strict CSP stays as it is. */
function docsPage(document: OpenApiDocument) {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations) as [string, Operation][]) {
      const parameters = operation.parameters.map((p): [string, string, boolean] => [
        `${p.name} (${p.in})`,
        typeOf(p.schema),
        p.required,
      ]);
      const body = operation.requestBody?.content?.["application/json"]?.schema;
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
      const answer = success?.[1].content?.["application/json"]?.schema;
      const html = `<section><h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>Access: ${escapeHtml(operation["x-access"])}. Answers: ${escapeHtml(Object.keys(operation.responses).join(", "))}.</p>
${fieldTable("Parameters", parameters)}${fieldTable("Request body", objectFields(body))}${fieldTable(`Answer (${success?.[0] ?? "200"})`, objectFields(answer))}</section>`;
      const tag = operation.tags[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag]
    .map(
      ([tag, operations]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${operations.join("\n")}`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} API</title></head>
<body><main><h1>${escapeHtml(document.info.title)} API</h1>
<p>The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}). Protected routes need <code>Authorization: Bearer &lt;token&gt;</code>.</p>
${sections}</main></body></html>`;
}

/** The OpenAPI description of every /api route, and a readable page of it. */
export async function openApiRoutes(app: FastifyInstance) {
  let document: OpenApiDocument | undefined;
  // Built once all routes are registered; apiRoutes is complete by the first request.
  const current = () =>
    (document ??= buildOpenApiDocument(app.apiRoutes as ApiRoute[], {
      title: "GCC View 360",
      version: "1.0.0",
    }));

  // Free-form by nature: the document is JSON Schema itself, so it is written whole.
  const documentAnswer = z.looseObject({ openapi: z.literal("3.1.0"), info: anyRecord, paths: anyRecord });
  app.get(
    "/api/openapi.json",
    { config: { access: "public" }, schema: { response: { 200: documentAnswer } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return current();
    },
  );

  app.get(
    "/api/docs",
    {
      config: { access: "public" },
      schema: { response: { 200: textAnswer("text/html", "The document as a readable page.") } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
      return docsPage(current());
    },
  );
}
