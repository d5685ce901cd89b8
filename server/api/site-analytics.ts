import type { FastifyInstance } from "fastify";
import { dataAnswerOf, messageAnswerSchema } from "#schemas/api-responses.ts";
import { openedPageSchema, siteAnalyticsQuerySchema, siteAnalyticsSchema } from "#schemas/site-analytics.ts";
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
  // The page's script, when the page came from a prefetch: the held view counts. Nothing to tell the sender.
  app.post(
    "/api/site_analytics/opened",
    {
      config: { access: "public", rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { body: openedPageSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      app.services.siteAnalytics.opened(request.body.path, request.ip);
      return { success: true as const, message: "Noted", data: [] };
    },
  );
}
