import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import { teamMemberSchema, type TeamMember, type TeamProfile } from "#schemas/team.ts";
import { DomainError } from "#domain/errors.ts";
import { leaderPath } from "#shared/portrait.ts";

const idParams = z.object({ id: recordId() });

/** The spec's shape of a member: the page address and LinkedIn link are the site's own pages' business. */
const publicMember = ({ id, name, position, image, description }: TeamProfile): TeamMember => ({
  id,
  name,
  position,
  image,
  description,
});

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
      return (await team.list()).map(publicMember);
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
      return publicMember(member);
    },
  );
}
