import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (_request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: "draining" });
    try {
      await app.database.ping();
      return { status: "ready" };
    } catch {
      return reply.status(503).send({ status: "database unavailable" });
    }
  });
}
