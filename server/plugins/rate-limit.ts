import rateLimit from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import {
  createDatabaseCounter,
  createRedisCounter,
  type RateLimitCounter,
} from "../../domain/rate-limit/counters";
import { HttpError } from "../errors";
import { UNAVAILABLE } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    publicFormRateLimit: { max: number; timeWindow: number };
  }
}

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over a shared counter: every instance counts the same hits, so N
 * instances allow what one does. A counter that cannot be reached refuses the request with 503 (fail closed).
 */
function sharedStore(counter: RateLimitCounter, log: FastifyBaseLogger) {
  return class SharedStore {
    constructor(
      _options: unknown,
      private readonly prefix = "",
    ) {}
    incr(key: string, done: Done, timeWindow: number) {
      counter.hit(this.prefix + key, timeWindow).then(
        (result) => done(null, result),
        (error: unknown) => {
          log.error({ err: error }, "rate-limit counter unavailable");
          done(new HttpError(503, UNAVAILABLE));
        },
      );
    }
    // Called with the route's merged limit options; `routeInfo` is the route (the typings say the route itself).
    child(options: object) {
      const route = (options as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new SharedStore(null, `${String(route.method)}${route.url}:`);
    }
  };
}

/** Per-IP limits, opted into by each route (public forms, sign-in, refresh), counted in the database or Redis. */
export async function registerRateLimits(app: FastifyInstance) {
  let counter: RateLimitCounter;
  if (app.config.REDIS_URL) {
    const { default: Redis } = await import("ioredis");
    // One retry and a 2 s ceiling: during an outage a hit fails fast (503) instead of queueing for a reconnect.
    const redis = new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
    redis.on("error", (error) => app.log.warn({ err: error }, "redis unavailable"));
    app.addHook("onClose", async () => void redis.disconnect());
    counter = createRedisCounter(redis);
  } else {
    counter = createDatabaseCounter(app.database.db);
  }
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(counter, app.log),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 60_000)} minute(s) and try again.`,
    }),
  });
  app.decorate("publicFormRateLimit", { max: app.config.PUBLIC_FORM_RATE_LIMIT, timeWindow: 10 * 60_000 });
}
