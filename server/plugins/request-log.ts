import type { FastifyInstance } from "fastify";

/** One line per request; the path only, since query strings and headers may carry secrets. */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}
