import type { FastifyInstance } from "fastify";
import { dataAnswerOf } from "#schemas/api-responses.ts";
import { siteAnalyticsQuerySchema, siteAnalyticsSchema } from "#schemas/site-analytics.ts";
import type { ZodProvider } from "../zod-provider";

/** The owners' view of the public site: visitors, pages, sources and what they converted into. */
export async function siteAnalyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.get(
    "/api/site_analytics",
    {
      config: { access: "admin" },
      schema: { querystring: siteAnalyticsQuerySchema, response: { 200: dataAnswerOf(siteAnalyticsSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await app.services.siteAnalytics.stats(request.query.days),
    }),
  );
}
