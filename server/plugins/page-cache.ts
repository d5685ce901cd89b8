import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentVersionService } from "../../domain/content-version/service";

/** Cache-Control of public pages: browsers and CDNs may keep them a minute and revalidate in the background. */
export const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

export interface PageCacheOptions {
  /** Most entries kept (least recently used go first). */
  maxEntries?: number;
  /** Most bytes kept in all entries together. */
  maxBytes?: number;
  /** An entry is rendered again after this long even without a content change (scheduled posts, job closing dates). */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  version: number;
  storedAt: number;
  etag: string;
  /** The body as sent; for HTML the pieces between the places where the response's CSP nonce was. */
  parts: Buffer[];
  headers: [string, string | string[]][];
  bytes: number;
}

interface Pending {
  key: string;
  version: number | null;
}

declare module "fastify" {
  interface FastifyRequest {
    pageCache: Pending | null;
  }
  interface FastifyInstance {
    pageCache: { clear(): void; size(): number; contentVersion: ContentVersionService };
  }
}

// Only these query parameters select different content; any other query bypasses the cache, so
// random query strings can neither fill memory nor get a stale answer.
const KEY_PARAMS = new Set(["page", "page_size", "jobId", "blog_id", "_routes"]);
// Never cached: the console, sign-in and token endpoints, health probes, immutable media.
const BYPASS = /^\/(?:dashboard(?:[/.?]|$)|api\/auth\/|refresh_token|healthz|readyz|media\/)/;
// Response headers that are per response (or re-set per request by the security plugin), not per content.
const NOT_STORED = new Set([
  "content-security-policy",
  "strict-transport-security",
  "set-cookie",
  "date",
  "etag",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-cache",
]);
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

function cacheKey(request: FastifyRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.authorization) return null;
  const url = request.url;
  if (url.length > 512) return null;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (BYPASS.test(path)) return null;
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!KEY_PARAMS.has(name)) return null;
    kept.push([name, value]);
  }
  kept.sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0].localeCompare(b[0])));
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept).toString()}`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

const etagOf = (body: string | Buffer) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

/** Stands in for the nonce when hashing HTML for its ETag. */
const NONCE_SLOT = "\u0000nonce\u0000";

/**
 * In-memory cache of public pages and public API answers, keyed by path + content version
 * (domain/content-version), with ETag/304 on every public GET answer.
 *
 * What is stored: GET answers with status 200 and no Set-Cookie that are either React Router pages
 * (not under /dashboard; they get PAGE_CACHE_CONTROL) or answers of `access: "public"` routes that
 * declared a `public` Cache-Control (the public API lists and details). Each hit gets a fresh CSP nonce: the HTML is stored with a placeholder where the
 * nonce was, and the security plugin has already set the matching CSP header for this request.
 * A 304 carries no CSP header, so the browser keeps the policy stored with the body it reuses.
 */
export function registerPageCache(
  app: FastifyInstance,
  contentVersion: ContentVersionService,
  options: PageCacheOptions = {},
) {
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let cachedVersion: number | null = null;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  app.decorate("pageCache", { clear, size: () => entries.size, contentVersion });
  app.decorateRequest("pageCache", null);

  async function versionNow(request: FastifyRequest): Promise<number | null> {
    try {
      return await contentVersion.current();
    } catch (error) {
      // Database unreachable: what is cached cannot have changed through it; keep serving that.
      request.log.warn({ err: error }, "content version unavailable");
      return contentVersion.lastKnown();
    }
  }

  function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    for (const [name, value] of entry.headers) reply.header(name, value);
    reply.header("ETag", entry.etag);
    reply.header("X-Cache", "HIT");
    if (matches(request.headers["if-none-match"], entry.etag)) {
      reply.removeHeader("content-security-policy");
      return reply.code(304).send();
    }
    if (entry.parts.length === 1) return reply.code(200).send(entry.parts[0]);
    const nonce = Buffer.from(request.cspNonce);
    const pieces: Buffer[] = [entry.parts[0]!];
    for (let i = 1; i < entry.parts.length; i++) pieces.push(nonce, entry.parts[i]!);
    return reply.code(200).send(Buffer.concat(pieces));
  }

  app.addHook("onRequest", async (request, reply) => {
    const key = cacheKey(request);
    if (key === null) return;
    const version = await versionNow(request);
    if (version !== null && version !== cachedVersion) {
      clear();
      cachedVersion = version;
    }
    const entry = entries.get(key);
    if (entry && version !== null && entry.version === version && now() - entry.storedAt < ttlMs) {
      // Most recently used goes last; eviction takes the first.
      entries.delete(key);
      entries.set(key, entry);
      return sendEntry(request, reply, entry);
    }
    if (entry) drop(key);
    request.pageCache = { key, version };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.pageCache;
    if (!pending || reply.getHeader("etag") || reply.statusCode !== 200) return payload;
    if (reply.hasHeader("set-cookie")) return payload;
    const isPage = request.routeOptions.url === "/*";
    const control = String(reply.getHeader("cache-control") ?? "");
    if (/no-store|private|no-cache/.test(control)) return payload;

    let body: string | Buffer;
    if (typeof payload === "string" || Buffer.isBuffer(payload)) body = payload;
    else if (isPage && payload && typeof (payload as Readable).pipe === "function")
      body = await readAll(payload as Readable);
    else return payload;
    if (isPage && !control) reply.header("Cache-Control", PAGE_CACHE_CONTROL);

    const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
    // The ETag ignores the nonce: the same content has the same tag whichever response carried it.
    const split = html && request.cspNonce ? body.toString().split(request.cspNonce) : null;
    const stored: string | Buffer = split ? split.join(NONCE_SLOT) : body;
    const etag = etagOf(stored);
    reply.header("ETag", etag);

    const storable =
      request.method === "GET" &&
      pending.version !== null &&
      pending.version === cachedVersion &&
      (isPage || (control.startsWith("public") && request.routeOptions.config.access === "public")) &&
      Buffer.byteLength(stored) <= MAX_ENTRY_BYTES;
    if (storable) {
      const headers: Entry["headers"] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !NOT_STORED.has(name.toLowerCase())) {
          headers.push([name, Array.isArray(value) ? value.map(String) : String(value)]);
        }
      }
      const parts = split
        ? split.map((piece) => Buffer.from(piece))
        : [Buffer.isBuffer(body) ? body : Buffer.from(body)];
      const entry: Entry = {
        version: pending.version!,
        storedAt: now(),
        etag,
        parts,
        headers,
        bytes: Buffer.byteLength(stored),
      };
      drop(pending.key);
      entries.set(pending.key, entry);
      bytes += entry.bytes;
      while (entries.size > maxEntries || bytes > maxBytes) drop(entries.keys().next().value!);
      reply.header("X-Cache", "MISS");
    }

    if (matches(request.headers["if-none-match"], etag)) {
      reply.removeHeader("content-security-policy");
      reply.code(304);
      return "";
    }
    return body;
  });

  // A write through this instance is visible on its next page view, not only after the version interval.
  app.addHook("onResponse", async (request, reply) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.method !== "OPTIONS" &&
      reply.statusCode < 400
    ) {
      contentVersion.expire();
    }
  });
}
