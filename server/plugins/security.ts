import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { IMAGE_HOSTS } from "#shared/image-sources.ts";
import type { TrustFunction } from "../proxy-trust";

/**
 * The Content-Security-Policy. Scripts come from this origin; inline scripts run only when their SHA-256
 * is listed, and only a page render lists any: the hashes of the scripts it wrote itself
 * (app/lib/script-hashes.server.ts), so a page's bytes and policy are the same for every visitor and can be
 * cached together (docs/decisions/0007-hash-based-csp.md). Every other answer gets the policy without hashes.
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  dev = false,
}: { scriptHashes?: string[]; dev?: boolean } = {}) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(" "),
    // Inline styles only (no scripts): React style props and toast styles need them.
    "style-src 'self' 'unsafe-inline'",
    // The hosts blog posts may show images from (shared/image-sources.ts), and no other.
    ["img-src 'self' data: blob:", ...IMAGE_HOSTS.map((host) => `https://${host}`)].join(" "),
    "font-src 'self' data:",
    // Vite's HMR socket in development only.
    dev ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** Helmet's defaults for this app, set in one call (docs/decisions/0006-security-headers-without-helmet.md). */
export const STATIC_SECURITY_HEADERS = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Whether the client reached us over HTTPS, directly or as a trusted proxy reports (Fastify's rule: the
 * connection must come from a trusted proxy, and its last X-Forwarded-Proto entry is believed).
 */
export function isHttps(raw: IncomingMessage, trustProxy: boolean | TrustFunction): boolean {
  const forwarded = raw.headers["x-forwarded-proto"];
  const fromProxy =
    typeof trustProxy === "function" ? trustProxy(raw.socket?.remoteAddress ?? "", 0) : trustProxy;
  if (fromProxy && typeof forwarded === "string" && forwarded !== "") {
    return forwarded.slice(forwarded.lastIndexOf(",") + 1).trim() === "https";
  }
  return Boolean((raw.socket as TLSSocket | null)?.encrypted);
}

/** Strict headers on every response; a page render replaces the policy with one that lists its scripts. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { dev = false, trustProxy = false }: { dev?: boolean; trustProxy?: boolean | TrustFunction } = {},
) {
  const policy = contentSecurityPolicy({ dev });
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(STATIC_SECURITY_HEADERS);
    reply.header("Content-Security-Policy", policy);
    // HSTS only means something over HTTPS (directly or as reported by a trusted proxy).
    if (isHttps(request.raw, trustProxy)) reply.header("Strict-Transport-Security", HSTS);
  });
}
