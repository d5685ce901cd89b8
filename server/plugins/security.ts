import type { FastifyInstance } from "fastify";
import { randomFillSync } from "node:crypto";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

/** The CSP, built once; each response only splices in its nonce. */
function policyWithNonce(dev: boolean): (nonce: string) => string {
  const [head, tail] = [
    "default-src 'self'",
    "script-src 'self' 'nonce-\0'",
    // Inline styles only (no scripts): React style props and toast styles need them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Vite's HMR socket in development only.
    dev ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ]
    .join("; ")
    .split("\0");
  return (nonce) => head + nonce + tail;
}

const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * A fresh 128-bit nonce. One call into the CSPRNG fills 256 of them: a call per request was ~9 % of the
 * server's CPU under load. Each nonce's bytes are used once.
 */
export function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Helmet's defaults for this app, set in one call (docs/decisions/0006-security-headers-without-helmet.md). */
const STATIC_HEADERS = {
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

/** Strict headers on every response; scripts run only with this response's nonce. */
export async function registerSecurityHeaders(app: FastifyInstance, { dev = false }: { dev?: boolean } = {}) {
  const policy = policyWithNonce(dev);
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    request.cspNonce = nextNonce();
    reply.headers(STATIC_HEADERS);
    reply.header("Content-Security-Policy", policy(request.cspNonce));
    // HSTS only means something over HTTPS (directly or as reported by a trusted proxy).
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  });
}
