import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import {
  analyticsEntities,
  analyticsEntityParams,
  analyticsQuerySchema,
  overallQuerySchema,
} from "#schemas/logistics.ts";
import { z } from "zod";
import { csvAnswerSchema, dataAnswerOf } from "#schemas/api-responses.ts";
import { analyticsDaySchema, analyticsOverallSchema, analyticsRowSchemaOf } from "#schemas/analytics.ts";
import { sendCsv } from "./crud";

const admin = { config: { access: "admin" as const } };

/** GET /api/analytics/:entity: the daily line and a page of rows, under `<entity>_data` (the one asked for). */
const entityAnswer = z.object({
  success: z.literal(true),
  from_date: z.string(),
  to_date: z.string(),
  chart_data: z.array(analyticsDaySchema),
  ...Object.fromEntries(
    analyticsEntities.map((entity) => [`${entity}_data`, z.array(analyticsRowSchemaOf(entity)).optional()]),
  ),
  total_no_of_data: z.number().int(),
});

export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const analytics = () => app.services.logistics.analytics;

  app.get(
    "/api/analytics/overall",
    {
      ...admin,
      schema: { querystring: overallQuerySchema, response: { 200: dataAnswerOf(analyticsOverallSchema) } },
    },
    async (request) => {
      const { period } = request.query;
      return { success: true, data: await analytics().overall(period) };
    },
  );

  app.get(
    "/api/analytics/:entity",
    {
      ...admin,
      schema: {
        params: analyticsEntityParams,
        querystring: analyticsQuerySchema,
        response: { 200: entityAnswer },
      },
    },
    async (request) => {
      const { entity } = request.params;
      const query = request.query;
      const result = await analytics().entity(entity, query);
      return {
        success: true,
        from_date: result.from_date,
        to_date: result.to_date,
        chart_data: result.chart,
        [`${entity}_data`]: result.rows,
        total_no_of_data: result.total,
      };
    },
  );

  app.get(
    "/api/analytics/:entity/export.csv",
    {
      ...admin,
      schema: {
        params: analyticsEntityParams,
        querystring: analyticsQuerySchema,
        response: { 200: csvAnswerSchema },
      },
    },
    async (request, reply) => {
      const { entity } = request.params;
      const query = request.query;
      return sendCsv(reply, `${entity}-analytics`, await analytics().exportCsv(entity, query));
    },
  );
}
