import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isHttps } from "./security";

const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "))!;

describe("contentSecurityPolicy", () => {
  it("allows scripts from this origin only, never inline ones, when no hashes are given", () => {
    expect(scriptSrc(contentSecurityPolicy())).toBe("script-src 'self'");
    expect(contentSecurityPolicy()).toContain("object-src 'none'");
    expect(contentSecurityPolicy()).toContain("frame-ancestors 'none'");
  });

  it("lists the given inline script hashes and nothing that allows any inline script", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["abc=", "def="] });
    expect(scriptSrc(policy)).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).not.toContain("nonce-");
  });
});

describe("isHttps", () => {
  const raw = (headers: Record<string, string>, encrypted = false) =>
    ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

  it("believes X-Forwarded-Proto (its last hop) only from a trusted proxy", () => {
    expect(isHttps(raw({ "x-forwarded-proto": "https" }), true)).toBe(true);
    expect(isHttps(raw({ "x-forwarded-proto": "http, https" }), true)).toBe(true);
    expect(isHttps(raw({ "x-forwarded-proto": "https, http" }), true)).toBe(false);
    expect(isHttps(raw({ "x-forwarded-proto": "https" }), false)).toBe(false);
    expect(isHttps(raw({}, true), false)).toBe(true);
  });
});
