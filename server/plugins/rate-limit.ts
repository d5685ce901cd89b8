import { isIPv4, isIPv6 } from "node:net";
import rateLimit from "@fastify/rate-limit";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onErrorHookHandler,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from "fastify";
import {
  createDatabaseCounter,
  createRedisCounter,
  type RateLimitCounter,
} from "#domain/rate-limit/counters.ts";
import { DomainError } from "#domain/errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    publicFormRateLimit: { max: number; timeWindow: number };
    /** The shared counter behind every limit, for limits keyed on something other than the address. */
    rateLimitCounter: RateLimitCounter;
    /** Bytes a client address may upload to one route per window, counted across instances (see `bytesBudget`). */
    bytesBudget(
      name: string,
      maxBytes: number,
      windowMs: number,
      refusal: (minutes: number) => string,
    ): BytesBudget;
  }
  interface FastifyContextConfig {
    /**
     * A public form limited on its accepted posts, counted under this name: only accepted posts (2xx, or a
     * form post's redirect to its confirmation) count against PUBLIC_FORM_RATE_LIMIT (a visitor who mistypes,
     * or posts to a post that is gone, is not locked out), and every attempt, refused ones included, is
     * bounded at ATTEMPTS_PER_ACCEPTED times that.
     */
    acceptedPosts?: string;
  }
}

export interface BytesBudget {
  /**
   * Books the body's declared length before it is read and refuses (429) a body that would take the address
   * over the budget; without a declared length, it refuses only an address already over it.
   */
  reserve(request: FastifyRequest): Promise<void>;
  /** Counts the bytes of a body that declared no length, once read; 429 when they took it over the budget. */
  settle(request: FastifyRequest, bytesRead: number): Promise<void>;
  /** `reserve`'s refusal without booking: for a page that reads a body to send it on to the route that books it. */
  refuseUnread(request: FastifyRequest): Promise<void>;
}

/** For the log: the answer says only that the service is unavailable (plugins/errors.ts). */
const COUNTER_DOWN = "The rate-limit counter cannot be reached.";

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
          done(new DomainError("unavailable", COUNTER_DOWN));
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

/** How many attempts (refused ones included) a public form allows per accepted post in the limit. */
export const ATTEMPTS_PER_ACCEPTED = 4;

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
    // An Error, not a plain object: thrown through a route's own error handler, a plain object was sent as
    // the body of a 200.
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
  const publicFormRateLimit = { max: app.config.PUBLIC_FORM_RATE_LIMIT, timeWindow: 10 * 60_000 };
  app.decorate("publicFormRateLimit", publicFormRateLimit);
  app.decorate("rateLimitCounter", counter);
  app.addHook("onRoute", (route) => {
    const name = route.config?.acceptedPosts;
    if (name) addAcceptedPostsLimit(app, route, name, counter);
  });
  app.decorate(
    "bytesBudget",
    (name: string, maxBytes: number, windowMs: number, refusal: (minutes: number) => string): BytesBudget => {
      const keyOf = (request: FastifyRequest) => `bytes:${name}:${clientKey(request.ip)}`;
      const declared = (request: FastifyRequest) => {
        const length = Number(request.headers["content-length"] ?? Number.NaN);
        return Number.isSafeInteger(length) && length >= 0 ? length : null;
      };
      const count = (request: FastifyRequest, amount: number) =>
        countHit(app, counter, keyOf(request), windowMs, amount);
      const overBudget = (ttl: number) =>
        new DomainError("rate_limited", refusal(Math.ceil(ttl / 60_000)), {
          retryAfterSeconds: retryAfter(ttl),
        });
      return {
        async reserve(request) {
          const length = declared(request) ?? 0;
          const { current, ttl } = await count(request, length);
          if (current <= maxBytes) return;
          // A body refused unread takes nothing from the budget.
          if (length > 0) await count(request, -length);
          throw overBudget(ttl);
        },
        async refuseUnread(request) {
          const { current, ttl } = await count(request, 0);
          if (current + (declared(request) ?? 0) > maxBytes) throw overBudget(ttl);
        },
        async settle(request, bytesRead) {
          if (declared(request) !== null) return;
          const { current, ttl } = await count(request, bytesRead);
          if (current > maxBytes) throw overBudget(ttl);
        },
      };
    },
  );
}

/** One counter hit, failing closed (503) when the shared counter cannot be reached. */
async function countHit(
  app: FastifyInstance,
  counter: RateLimitCounter,
  key: string,
  windowMs: number,
  amount?: number,
) {
  try {
    return await counter.hit(key, windowMs, amount);
  } catch (error) {
    app.log.error({ err: error }, "rate-limit counter unavailable");
    throw new DomainError("unavailable", COUNTER_DOWN);
  }
}

/** A limit's Retry-After, in whole seconds, from the milliseconds left in its window. */
const retryAfter = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));

const tooMany = (ttl: number) =>
  new DomainError(
    "rate_limited",
    `Too many requests. Please wait ${Math.ceil(ttl / 60_000)} minute(s) and try again.`,
    { retryAfterSeconds: retryAfter(ttl) },
  );

/** The hooks of a route's `config.acceptedPosts` limit; the shared counter is asked once per step. */
function addAcceptedPostsLimit(
  app: FastifyInstance,
  route: RouteOptions,
  name: string,
  counter: RateLimitCounter,
) {
  const { max, timeWindow } = app.publicFormRateLimit;
  /** The accepted-post hit each request holds, until its answer shows whether it counts. */
  const held = new WeakMap<FastifyRequest, { key: string; until: number }>();
  const count = (key: string) => countHit(app, counter, key, timeWindow);
  /** Requests answered through an error handler: refused, whatever status the answer has (a form's 303). */
  const refused = new WeakSet<FastifyRequest>();
  // Before the body is read: every attempt.
  const attempt: onRequestHookHandler = async (request) => {
    const { current, ttl } = await count(`attempts:${name}:${clientKey(request.ip)}`);
    if (current > max * ATTEMPTS_PER_ACCEPTED) throw tooMany(ttl);
  };
  // After validation: a post that may be accepted holds one of the address's accepted posts.
  const reserve: preHandlerHookHandler = async (request) => {
    const key = `accepted:${name}:${clientKey(request.ip)}`;
    const { current, ttl } = await count(key);
    held.set(request, { key, until: Date.now() + ttl });
    if (current > max) throw tooMany(ttl);
  };
  const failed: onErrorHookHandler = async (request) => void refused.add(request);
  // Before the answer leaves: a post that was not accepted (an error: 400, 409, 404, 429, 5xx, or a form
  // sent back with a 303) gives its hit back; a 2xx, or a redirect to a confirmation, keeps it.
  const settle: onSendHookHandler = async (request, reply, payload) => {
    const hit = held.get(request);
    const accepted = !refused.has(request) && reply.statusCode >= 200 && reply.statusCode < 400;
    if (hit && !accepted && Date.now() < hit.until)
      await counter
        .refund(hit.key, timeWindow)
        .catch((error: unknown) => request.log.warn({ err: error }, "rate-limit refund failed"));
    return payload;
  };
  route.onRequest = [...[route.onRequest ?? []].flat(), attempt];
  route.preHandler = [...[route.preHandler ?? []].flat(), reserve];
  route.onError = [...[route.onError ?? []].flat(), failed];
  route.onSend = [...[route.onSend ?? []].flat(), settle];
}

/**
 * Who a limit counts: an IPv4 address, or the /64 of an IPv6 one (a home or office gets a whole /64, so each
 * of its addresses is the same visitor), written as @fastify/rate-limit writes it ("2001:db8:1:2::").
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const mapped = /^::ffff:([\d.]+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16));
  const all = [...prefix, "0", "0", "0", "0"];
  // The longest run of zero groups (two or more) becomes "::", the first such run on a tie.
  let best = { start: -1, length: 1 };
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j] === "0") j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  return `${all.slice(0, best.start).join(":")}::${all.slice(best.start + best.length).join(":")}`;
}
