import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentVersionService } from "#domain/content-version/service.ts";
import { hitSummary } from "../logger";
import { noCacheMetrics, type CacheMetrics } from "./metrics";
import { requestIdOf } from "./request-id";
import { HSTS, isHttps } from "./security";
import type { TrustFunction } from "../proxy-trust";

/** Cache-Control of public pages: browsers and CDNs may keep them a minute and revalidate in the background. */
export const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * Compression of a stored answer, paid once by the request that missed (docs/performance.md, "Compression
 * levels"): brotli 6 and gzip 6 cost ~2 ms together on the 55 KB home page; brotli 11 saves another 11 % but
 * takes ~100 ms, so it is made afterwards on the thread pool, one at a time, and replaces the first.
 */
export const STORE_BROTLI_QUALITY = 6;
export const UPGRADE_BROTLI_QUALITY = 11;
export const STORE_GZIP_LEVEL = 6;

export type Encoding = "br" | "gzip" | "identity";

export interface PageCacheOptions {
  /** Most entries kept (least recently used go first). */
  maxEntries?: number;
  /** Most bytes kept in all entries together (every encoding counts). */
  maxBytes?: number;
  /** An entry is rendered again after this long even without a content change (scheduled posts, job closing dates). */
  ttlMs?: number;
  now?: () => number;
  /** Recompress stored brotli at UPGRADE_BROTLI_QUALITY in the background (off in tests that count bytes). */
  upgradeBrotli?: boolean;
  /** Whether X-Forwarded-Proto is believed (HSTS on hits served by serveRaw). */
  trustProxy?: boolean | TrustFunction;
  /** Counts hits, misses and stores (plugins/metrics.ts). */
  metrics?: CacheMetrics;
  /** While draining, hits close their connection and serveRaw leaves every request to Fastify. */
  draining?: () => boolean;
}

/** One encoding of a stored answer, with every header it is sent with, ready for writeHead. */
interface Variant {
  body: Buffer;
  etag: string;
  headers: OutgoingHttpHeaders;
  /**
   * The same headers as flat name/value lists for writeHead: with the length for a 200, without the policy for
   * a 304. Each ends with the request id's pair, its value set per answer (writeHead copies the list at once).
   */
  head200: string[];
  head304: string[];
}

interface Entry {
  /** The key's path (no query): one string per entry, so the hit log's lookups hash nothing new. */
  path: string;
  version: number;
  storedAt: number;
  touchedAt: number;
  variants: Record<Encoding, Variant>;
  bytes: number;
}

interface Pending {
  key: string;
  version: number | null;
  /** Wakes the requests that wait for this render (single flight); safe to call more than once. */
  settle(): void;
}

declare module "fastify" {
  interface FastifyRequest {
    pageCache: Pending | null;
  }
  interface FastifyInstance {
    pageCache: {
      clear(): void;
      size(): number;
      contentVersion: ContentVersionService;
      /** Serves a stored answer straight from the raw request, without Fastify (server/app.ts): the status, 0 when it cannot. */
      serveRaw(req: IncomingMessage, res: ServerResponse): number;
    };
  }
}

// Only these query parameters select different content (`comments`: a page of a post's comments, `tag`: the
// blog's list of one tag, 404 for tags no post carries, so never stored; `lang`: the blog's list or feed of
// one of three languages); any other query bypasses the cache, so
// random query strings can neither fill memory nor get a stale answer.
const KEY_PARAMS = new Set(["page", "page_size", "jobId", "blog_id", "comments", "tag", "lang", "_routes"]);
// Never cached: the console, sign-in and token endpoints, health probes, metrics, immutable media.
const BYPASS = /^\/(?:dashboard(?:[/.?]|$)|api\/auth\/|refresh_token|healthz|readyz|metrics|media\/)/;
// Response headers that are per response (or set again for each response), not per content.
const NOT_STORED = new Set([
  "x-request-id",
  "strict-transport-security",
  "set-cookie",
  "date",
  "etag",
  "content-length",
  "content-encoding",
  "vary",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-cache",
]);
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

export function cacheKey(method: string | undefined, url: string, authorization: string | undefined) {
  if (method !== "GET" && method !== "HEAD") return null;
  if (authorization) return null;
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

// Browsers send a handful of distinct Accept-Encoding values; each is parsed once.
const negotiated = new Map<string, Encoding>();

/** The best stored encoding the client accepts: brotli, then gzip, else the plain bytes. */
export function negotiate(acceptEncoding: string | string[] | undefined): Encoding {
  if (typeof acceptEncoding !== "string" || acceptEncoding === "") return "identity";
  let known = negotiated.get(acceptEncoding);
  if (known === undefined) {
    known = parseAcceptEncoding(acceptEncoding);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(acceptEncoding, known);
  }
  return known;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  let gzip = false;
  let wildcard = false;
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.split(";");
    const name = token.trim().toLowerCase();
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    if (q !== undefined && Number(q) === 0) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "x-gzip") gzip = true;
    if (name === "*") wildcard = true;
  }
  return gzip || wildcard ? (gzip ? "gzip" : "br") : "identity";
}

function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== "string" || ifNoneMatch === "") return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * Brotli's window sized to the answer instead of its 4 MB default: the same compression (the window only
 * needs to span the input) with a fraction of the encoder's memory, which at quality 11 is tens of MB that
 * the thread pool's malloc arenas would otherwise keep after each upgrade.
 */
const windowBits = (length: number) => Math.min(24, Math.max(16, Math.ceil(Math.log2(length + 1))));

const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 32);

const flat = (headers: OutgoingHttpHeaders, skip: Set<string>) =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined || skip.has(name)
      ? []
      : Array.isArray(value)
        ? value.flatMap((v) => [name, v])
        : [name, String(value)],
  );
const HSTS_HEADER = ["strict-transport-security", HSTS];
// No policy on a 304: the browser keeps the one it stored with the body it reuses.
const NOT_ON_304 = new Set(["content-security-policy", "content-type", "content-length"]);
const NOTHING = new Set<string>();

function makeVariant(body: Buffer, etag: string, headers: OutgoingHttpHeaders): Variant {
  return {
    body,
    etag,
    headers,
    head200: [...flat({ ...headers, "content-length": body.length }, NOTHING), "x-request-id", ""],
    head304: [...flat(headers, NOT_ON_304), "x-request-id", ""],
  };
}

/** The three encodings of an answer, each with its ETag and complete headers. */
function variantsOf(identity: Buffer, stored: OutgoingHttpHeaders): Record<Encoding, Variant> {
  const base = hashOf(identity);
  const compressible = COMPRESSIBLE.test(String(stored["content-type"] ?? ""));
  const variant = (encoding: Encoding, body: Buffer): Variant => {
    const etag = encoding === "identity" ? `"${base}"` : `"${base}-${encoding === "br" ? "br" : "gz"}"`;
    const headers: OutgoingHttpHeaders = { ...stored, etag, "x-cache": "HIT" };
    if (compressible) headers.vary = "Accept-Encoding";
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    return makeVariant(body, etag, headers);
  };
  const plain = variant("identity", identity);
  if (!compressible) return { br: plain, gzip: plain, identity: plain };
  const br = zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: STORE_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
    },
  });
  const gzip = zlib.gzipSync(identity, { level: STORE_GZIP_LEVEL });
  return {
    br: br.length < identity.length ? variant("br", br) : plain,
    gzip: gzip.length < identity.length ? variant("gzip", gzip) : plain,
    identity: plain,
  };
}

/** The stored header list with this answer's request id, plus any per-answer headers. */
function headersFor(head: string[], requestId: string, extra: string[] | null) {
  head[head.length - 1] = requestId;
  return extra ? head.concat(extra) : head;
}

/** Writes a stored variant: 304 when the client holds it, else its bytes (none for HEAD). */
function writeVariant(
  req: IncomingMessage,
  res: ServerResponse,
  variant: Variant,
  requestId: string,
  extra: string[] | null,
): number {
  if (matches(req.headers["if-none-match"], variant.etag)) {
    res.writeHead(304, headersFor(variant.head304, requestId, extra));
    res.end();
    return 304;
  }
  res.writeHead(200, headersFor(variant.head200, requestId, extra));
  res.end(req.method === "HEAD" ? undefined : variant.body);
  return 200;
}

/**
 * In-memory cache of public pages and public API answers, keyed by path + content version
 * (domain/content-version), with ETag/304 on every public GET answer.
 *
 * What is stored: GET answers with status 200 and no Set-Cookie that are either React Router pages
 * (not under /dashboard; they get PAGE_CACHE_CONTROL) or answers of `access: "public"` routes that
 * declared a `public` Cache-Control (the public API lists and details). Each is stored once per encoding
 * (brotli, gzip, plain) with its headers, policy included: a page's CSP lists the hashes of its own inline
 * scripts, so the same bytes serve every visitor and a hit does no work but writing them. Requests that miss
 * while the same key is being rendered wait for that render (single flight).
 */
export function registerPageCache(
  app: FastifyInstance,
  contentVersion: ContentVersionService,
  options: PageCacheOptions = {},
) {
  const maxEntries = options.maxEntries ?? 1000;
  const metrics = options.metrics ?? noCacheMetrics;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const upgradeBrotli = options.upgradeBrotli ?? true;
  const trustProxy = options.trustProxy ?? false;
  const draining = options.draining ?? (() => false);
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();
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
  const sizeOf = (variants: Record<Encoding, Variant>) =>
    [...new Set([variants.br.body, variants.gzip.body, variants.identity.body])].reduce(
      (n, b) => n + b.length,
      0,
    );

  /** The stored entry for this key if it is still current, as most recently used. */
  function current(key: string, version: number | null): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const at = now();
    if (version === null || entry.version !== version || at - entry.storedAt >= ttlMs) {
      drop(key);
      return null;
    }
    // Most recently used goes last; eviction takes the first. Moved at most once a second per entry.
    if (at - entry.touchedAt > 1000) {
      entry.touchedAt = at;
      entries.delete(key);
      entries.set(key, entry);
    }
    return entry;
  }

  function adopt(version: number | null) {
    if (version !== null && version !== cachedVersion) {
      clear();
      cachedVersion = version;
    }
  }

  // Brotli 11 for stored answers, made on the thread pool one at a time so a cache refill cannot crowd it.
  const upgrades: { key: string; entry: Entry }[] = [];
  let upgrading = false;
  function upgradeNext() {
    let next = upgrades.shift();
    // An entry dropped or replaced since (a content change) is not worth compressing.
    while (next && entries.get(next.key) !== next.entry) next = upgrades.shift();
    if (!next) {
      upgrading = false;
      return;
    }
    upgrading = true;
    const { key, entry } = next;
    const identity = entry.variants.identity.body;
    zlib.brotliCompress(
      identity,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: UPGRADE_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
        },
      },
      (error, smaller) => {
        // Same content, so the same ETag: a client holding the first bytes holds an equivalent representation.
        if (!error && entries.get(key) === entry && smaller.length < entry.variants.br.body.length) {
          bytes -= entry.variants.br.body.length - smaller.length;
          entry.bytes -= entry.variants.br.body.length - smaller.length;
          const br = entry.variants.br;
          entry.variants.br = makeVariant(smaller, br.etag, br.headers);
        }
        upgradeNext();
      },
    );
  }

  function store(key: string, version: number, variants: Record<Encoding, Variant>) {
    const entry: Entry = {
      path: key.split("?")[0]!,
      version,
      storedAt: now(),
      touchedAt: now(),
      variants,
      bytes: sizeOf(variants),
    };
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    while (entries.size > maxEntries || bytes > maxBytes) drop(entries.keys().next().value!);
    if (upgradeBrotli && variants.br !== variants.identity) {
      upgrades.push({ key, entry });
      if (!upgrading) upgradeNext();
    }
  }

  /**
   * A hit served from the raw request, before Fastify sees it: the fast path for most public traffic. It
   * declines (false) whenever anything needs more than stored bytes: an unknown or stale version, a miss,
   * a draining server. Fastify then handles the request as usual.
   */
  const hits = hitSummary(app.log);
  app.addHook("onClose", async () => hits.stop());
  function serveRaw(req: IncomingMessage, res: ServerResponse): number {
    if (draining()) return 0;
    const key = cacheKey(req.method, req.url ?? "", req.headers.authorization);
    if (key === null) return 0;
    const version = contentVersion.fresh();
    if (version === null || version !== cachedVersion) return 0;
    const entry = current(key, version);
    if (!entry) return 0;
    const variant = entry.variants[negotiate(req.headers["accept-encoding"])];
    const hsts = isHttps(req, trustProxy) ? HSTS_HEADER : null;
    const status = writeVariant(req, res, variant, requestIdOf(req, trustProxy), hsts);
    metrics.hit();
    hits.record({ method: req.method, path: entry.path, status });
    return status;
  }

  app.decorate("pageCache", { clear, size: () => entries.size, contentVersion, serveRaw });
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

  function sendHit(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    const variant = entry.variants[negotiate(request.headers["accept-encoding"])];
    // The stored headers replace whatever the hooks before this one set; onResponse hooks still run.
    reply.hijack();
    const hsts = reply.getHeader("strict-transport-security");
    const extra: string[] = [];
    if (hsts) extra.push("strict-transport-security", String(hsts));
    if (draining()) extra.push("connection", "close");
    reply.code(writeVariant(request.raw, reply.raw, variant, request.id, extra.length ? extra : null));
  }

  app.addHook("onRequest", async (request, reply) => {
    const key = cacheKey(request.method, request.url, request.headers.authorization);
    if (key === null) return;
    const version = await versionNow(request);
    adopt(version);
    const hit = current(key, version);
    if (hit) {
      metrics.hit();
      return sendHit(request, reply, hit);
    }
    const inFlight = rendering.get(key);
    if (inFlight) {
      // Single flight: wait for the render already under way, then answer from what it stored.
      await inFlight;
      const stored = current(key, version);
      if (stored) {
        metrics.hit();
        return sendHit(request, reply, stored);
      }
    }
    metrics.miss();
    let settle = () => {};
    const render = new Promise<void>((resolve) => {
      settle = () => {
        if (rendering.get(key) === render) rendering.delete(key);
        resolve();
      };
    });
    if (!inFlight) rendering.set(key, render);
    request.pageCache = { key, version, settle };
    // However the request ends (answered, failed, aborted), nobody waits for it any longer.
    reply.raw.once("close", settle);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.pageCache;
    if (!pending || reply.getHeader("etag") || reply.statusCode !== 200) return payload;
    if (reply.hasHeader("set-cookie")) return payload;
    const isPage = request.routeOptions.url === "/*";
    const control = String(reply.getHeader("cache-control") ?? "");
    if (/no-store|private|no-cache/.test(control)) return payload;

    let body: Buffer;
    if (typeof payload === "string") body = Buffer.from(payload);
    else if (Buffer.isBuffer(payload)) body = payload;
    else if (isPage && payload && typeof (payload as Readable).pipe === "function")
      body = await readAll(payload as Readable);
    else return payload;
    if (isPage && !control) reply.header("Cache-Control", PAGE_CACHE_CONTROL);
    // Too big to keep: the compression plugin streams it like any uncached answer.
    if (body.length > MAX_ENTRY_BYTES) return body;

    const stored: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_STORED.has(name.toLowerCase())) stored[name.toLowerCase()] = value;
    }
    const variants = variantsOf(body, stored);
    const storable =
      request.method === "GET" &&
      pending.version !== null &&
      pending.version === cachedVersion &&
      (isPage || (control.startsWith("public") && request.routeOptions.config.access === "public"));
    if (storable) {
      store(pending.key, pending.version!, variants);
      metrics.store();
      reply.header("X-Cache", "MISS");
    }
    pending.settle();

    const variant = variants[negotiate(request.headers["accept-encoding"])];
    reply.header("ETag", variant.etag);
    if (variant.headers.vary) reply.header("Vary", variant.headers.vary);
    if (variant.headers["content-encoding"])
      reply.header("Content-Encoding", variant.headers["content-encoding"]);
    if (matches(request.headers["if-none-match"], variant.etag)) {
      reply.removeHeader("content-security-policy");
      reply.removeHeader("content-encoding");
      reply.code(304);
      return "";
    }
    return variant.body;
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
