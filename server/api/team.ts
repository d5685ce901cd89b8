import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import { teamMemberSchema } from "#schemas/team.ts";
import { DomainError } from "#domain/errors.ts";
import { leaderPath } from "#shared/portrait.ts";

const idParams = z.object({ id: recordId() });

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { team } = app.services;

  // Each leader's own page.
  fastify.sitemapSources.push(async () => (await team.list()).map((m) => ({ path: leaderPath(m.slug) })));

  app.get(
    "/api/teams/",
    { config: { access: "public" }, schema: { response: { 200: z.array(teamMemberSchema) } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=60");
      return team.list();
    },
  );

  app.get(
    "/api/teams/:id/",
    { config: { access: "public" }, schema: { params: idParams, response: { 200: teamMemberSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const member = await team.get(id);
      if (!member) throw new DomainError("not_found", "Team member not found");
      reply.header("Cache-Control", "public, max-age=60");
      return member;
    },
  );
}
