import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordId } from "../../schemas/blog";
import { HttpError, parseOr400 } from "../errors";

const idParams = z.object({ id: recordId() });

export async function teamRoutes(app: FastifyInstance) {
  const { team } = app.services;

  app.get("/api/teams/", { config: { access: "public" } }, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=60");
    return team.list();
  });

  app.get("/api/teams/:id/", { config: { access: "public" } }, async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const member = await team.get(id);
    if (!member) throw new HttpError(404, "Team member not found");
    reply.header("Cache-Control", "public, max-age=60");
    return member;
  });
}
