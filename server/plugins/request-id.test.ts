import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

const REQUEST_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;

describe("request ids", () => {
  const lines: { reqId?: string; msg?: string; path?: string; status?: number }[] = [];
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    direct = await createTestApp({}, { logger });
    proxied = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close().catch(() => undefined);
  });

  it("gives every answer its own X-Request-Id, the one in its log line", async () => {
    const ok = await direct.app.inject({ url: "/api/blog_details/" });
    const missing = await direct.app.inject({ url: "/api/no-such-thing" });
    const refused = await direct.app.inject({ method: "POST", url: "/api/contact_requests", payload: {} });
    const ids = [ok, missing, refused].map((r) => String(r.headers["x-request-id"]));
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(3);
    const line = lines.find((l) => l.msg === "request" && l.path === "/api/no-such-thing");
    expect(line?.reqId).toBe(ids[1]);
  });

  it("keeps a trusted proxy's id, and only a well-formed one; ignores it from an untrusted client", async () => {
    const kept = await proxied.app.inject({ url: "/healthz", headers: { "x-request-id": "edge-42.a" } });
    expect(kept.headers["x-request-id"]).toBe("edge-42.a");
    const malformed = await proxied.app.inject({ url: "/healthz", headers: { "x-request-id": "a b\tc" } });
    expect(malformed.headers["x-request-id"]).toMatch(REQUEST_ID);
    const untrusted = await direct.app.inject({ url: "/healthz", headers: { "x-request-id": "edge-42.a" } });
    expect(untrusted.headers["x-request-id"]).toMatch(REQUEST_ID);
  });

  it("puts the id in a 5xx answer, so a user's report leads to the log line", async () => {
    await direct.app.database.close();
    const res = await direct.app.inject({ url: "/api/jobs_public_list_unlikely_cached" });
    const failed = await direct.app.inject({
      method: "POST",
      url: "/api/contact_requests",
      payload: {
        first_name: "Asha",
        last_name: "Verma",
        email: "asha.verma@example.com",
        message: "We are planning a 50-person engineering centre in Pune next year.",
        privacy_consent: true,
      },
    });
    expect(res.statusCode).toBe(404);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failed.json().request_id).toBe(failed.headers["x-request-id"]);
    expect(failed.json().request_id).toMatch(REQUEST_ID);
  });
});
