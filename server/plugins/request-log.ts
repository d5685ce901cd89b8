import type { FastifyInstance } from "fastify";
import { withoutManageToken } from "#shared/paths.ts";

/**
 * One line per request, with its id (`reqId`, also sent as X-Request-Id so a user's report finds the line);
 * the path only, since query strings and headers may carry secrets, and a booking's manage link without its
 * token (the path is the credential there).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: withoutManageToken(request.url.split("?")[0]!),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}
