import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health and readiness", () => {
  it("answers /healthz while the process lives", async () => {
    const res = await t.app.inject("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("is ready while the database answers and reports 503 while draining", async () => {
    expect((await t.app.inject("/readyz")).statusCode).toBe(200);
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "draining" });
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe("security headers", () => {
  it("sends a strict CSP that allows no inline script on answers that are not pages", async () => {
    const { headers } = await t.app.inject("/healthz");
    const csp = String(headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-|sha256-)/);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  it("sends them on error answers too, with the cross-origin isolation headers", async () => {
    for (const url of ["/api/no-such-endpoint", "/healthz"]) {
      const { headers } = await t.app.inject(url);
      expect(headers["content-security-policy"]).toContain("default-src 'self'");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(headers["x-permitted-cross-domain-policies"]).toBe("none");
      expect(headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("adds HSTS only over HTTPS", async () => {
    expect((await t.app.inject("/healthz")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("trusts X-Forwarded-Proto for HSTS only when TRUST_PROXY is set", async () => {
    const untrusted = await t.app.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const res = await proxied.app.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe("errors", () => {
  it("answers unknown API paths with JSON 404", async () => {
    const res = await t.app.inject("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: [] });
  });

  it("rejects malformed JSON with a readable 400 and no internals", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact_requests",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON.");
    expect(res.body).not.toMatch(/at \w+ \(|node_modules/);
  });
});

describe("5xx answers", () => {
  it("say nothing internal and log the details", async () => {
    const lines: string[] = [];
    const { default: pino } = await import("pino");
    const { buildApp } = await import("./app");
    const logger = pino({ level: "error" }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp({ config: t.config, database: t.app.database, logger });
    const { messageAnswerSchema } = await import("#schemas/api-responses.ts");
    app.get(
      "/api/boom",
      { config: { access: "public" }, schema: { response: { 200: messageAnswerSchema } } },
      async () => {
        throw new Error('relation "secret_table" does not exist');
      },
    );
    await app.ready();
    const res = await app.inject("/api/boom");
    expect(res.statusCode).toBe(500);
    // The request id leads from a user's report to the log line with the details.
    const id = res.headers["x-request-id"];
    expect(res.json()).toEqual({
      success: false,
      message: "Something went wrong on our side. Please try again later.",
      data: [],
      request_id: id,
    });
    expect(res.body).not.toContain("secret_table");
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } });
    expect(logged.find((l) => l.err?.message?.includes("secret_table"))?.reqId).toBe(id);
  });
});

describe("compression", () => {
  it("compresses text answers for clients that accept it and leaves others plain", async () => {
    const plain = await t.app.inject("/sitemap.xml");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.app.inject({ url: "/sitemap.xml", headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const gzip = await t.app.inject({ url: "/sitemap.xml", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
