import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { openApiPath } from "../openapi";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Served, and on purpose not in the API description: probes, feeds, images and the JSON 404 of /api. */
const NOT_API = new Set([
  "GET /healthz",
  "GET /readyz",
  "GET /rss.xml",
  "GET /robots.txt",
  "GET /sitemap.xml",
  "GET /careers",
  "GET /about",
  "GET /leadership",
  "GET /media/{id}/{file}",
  "GET /og/blog/{file}",
  "GET /og/case-studies/{file}",
  // The links in subscription mail: the confirmation (answers with a page) and RFC 8058's one-click POST.
  "GET /subscribe/confirm",
  "POST /unsubscribe",
  // app.all("/api/*"), the JSON 404 of unknown API paths: printRoutes shows a wildcard without its prefix.
  ...["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "QUERY"].map((method) => `${method} *`),
]);

const normalise = (path: string) => openApiPath(path).replace(/(.)\/$/, "$1");

/** `METHOD /path` of every route in Fastify's printRoutes tree (HEAD aside: Fastify adds it to each GET). */
function routeTable(tree: string): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    segments.length = depth;
    segments.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? [])
      if (method !== "HEAD") routes.push(`${method} ${normalise(segments.join(""))}`);
  }
  return routes;
}

type Operation = {
  "x-access": string;
  security: unknown[];
  parameters: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
  responses: Record<string, unknown>;
};
const documentOf = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
};

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate((await documentOf()) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route of the server's real route table, outside /api too, with its access level", async () => {
    const document = await documentOf();
    expect(document.openapi).toBe("3.1.0");
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${normalise(path)}`),
      ),
    );
    const table = routeTable(t.app.printRoutes({ commonPrefix: false }));
    // Fastify's table, not the list the document is built from: a route that skips the access hook shows here.
    const undocumented = table.filter((route) => !documented.has(route) && !NOT_API.has(route));
    expect(undocumented).toEqual([]);
    const unserved = [...documented].filter((route) => !table.includes(route));
    expect(unserved).toEqual([]);
    for (const route of ["GET /jobs/{jobId}", "GET /refresh_token", "POST /refresh_token"])
      expect(documented, route).toContain(route);
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation!["x-access"], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation!.security).toEqual(route.access === "public" ? [] : [{ bearerAuth: [] }]);
    }
  });

  it("documents query parameters, bodies and error answers from the routes' schemas", async () => {
    const { paths } = await documentOf();
    const trucks = paths["/api/trucks"]!;
    const state = trucks.get!.parameters.find((p) => p.name === "state");
    expect(state?.in).toBe("query");
    expect(state?.schema).toHaveProperty("pattern");
    expect(JSON.stringify(trucks.get!.responses["200"])).toContain("vehicle_number");
    expect(trucks.post!.requestBody?.content["application/json"].schema.properties).toHaveProperty(
      "vehicle_number",
    );
    expect(trucks.post!.responses).toHaveProperty("401");
    // A 403 is also what an operator of a role that requires two-factor gets until they enrol.
    expect(trucks.post!.responses["403"]).toMatchObject({
      description: expect.stringMatching(/role may not do this, or it requires two-factor sign-in/),
    });
    const contact = paths["/api/contact_requests"]!.post!;
    expect(contact["x-access"]).toBe("public");
    expect(contact.responses).toHaveProperty("429");
    expect(contact.responses).not.toHaveProperty("401");
    expect(paths["/api/trucks/{id}"]!.patch!.parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path" }),
    );
  });
});

describe("GET /api/docs", () => {
  it("answers a readable HTML page under the unchanged CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self';");
    expect(res.body).not.toContain("<script");
    expect(res.body).toContain("<code>/api/trucks/{id}</code>");
  });
});

describe("validation after the move into route schemas", () => {
  it("answers the same 400 message and fields", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact_requests", payload: {} });
    expect(res.statusCode).toBe(400);
    const body: unknown = res.json();
    expect(body).toEqual({
      success: false,
      message: "first_name: Enter your first name",
      data: [],
      errors: expect.objectContaining({ privacy_consent: "Please accept the privacy policy to continue" }),
    });
  });
});
