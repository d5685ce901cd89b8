import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** What the page cache reports; a no-op unless metrics are on. */
export interface CacheMetrics {
  hit(): void;
  miss(): void;
  store(): void;
}
export const noCacheMetrics: CacheMetrics = { hit() {}, miss() {}, store() {} };

const digest = (text: string) => createHash("sha256").update(text).digest();
// Digests have one length whatever was sent, so neither the time nor the answer depends on the token's length.
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and only for `Authorization: Bearer
 * <METRICS_TOKEN>` (404 otherwise, so the endpoint does not advertise itself). Routes are labelled by their
 * pattern, never the raw URL, so a crawler cannot multiply the series.
 */
export async function registerMetrics(
  app: FastifyInstance,
  poolStats?: () => { total: number; idle: number; waiting: number },
): Promise<CacheMetrics> {
  const token = app.config.METRICS_TOKEN;
  if (!token) return noCacheMetrics;
  // Loaded only when metrics are on: a server without them does not carry the client.
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request that reached the app (cached hits from the front are counted apart)",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const cache = new Counter({
    name: "page_cache_events_total",
    help: "Page cache hits, misses and stores",
    labelNames: ["event"] as const,
    registers: [registry],
  });
  if (poolStats)
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats();
        this.set({ state: "in_use" }, total - idle);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    });

  app.addHook("onResponse", async (request, reply) => {
    // The matched route's pattern; anything that matched no route (a 404) shares one label.
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe(
      { route, method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", { config: { access: "public" } }, async (request, reply) => {
    const given = request.headers.authorization ?? "";
    if (!given.startsWith("Bearer ") || !sameToken(given.slice(7), token))
      return reply.status(404).send({ success: false, message: "Not found", data: [] });
    return reply
      .header("Cache-Control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  return {
    hit: () => cache.inc({ event: "hit" }),
    miss: () => cache.inc({ event: "miss" }),
    store: () => cache.inc({ event: "store" }),
  } satisfies CacheMetrics;
}
