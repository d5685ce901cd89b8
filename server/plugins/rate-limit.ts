import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    publicFormRateLimit: { max: number; timeWindow: number };
  }
}

/** Per-IP limits, opted into by each route (public forms, login). */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 60_000)} minute(s) and try again.`,
    }),
  });
  app.decorate("publicFormRateLimit", { max: app.config.PUBLIC_FORM_RATE_LIMIT, timeWindow: 10 * 60_000 });
}
