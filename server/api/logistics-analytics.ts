import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { analyticsEntityParams, analyticsQuerySchema, overallQuerySchema } from "../../schemas/logistics";
import { sendCsv } from "./crud";

const admin = { config: { access: "admin" as const } };

export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const analytics = () => app.services.logistics.analytics;

  app.get(
    "/api/analytics/overall",
    { ...admin, schema: { querystring: overallQuerySchema } },
    async (request) => {
      const { period } = request.query;
      return { success: true, data: await analytics().overall(period) };
    },
  );

  app.get(
    "/api/analytics/:entity",
    { ...admin, schema: { params: analyticsEntityParams, querystring: analyticsQuerySchema } },
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
    { ...admin, schema: { params: analyticsEntityParams, querystring: analyticsQuerySchema } },
    async (request, reply) => {
      const { entity } = request.params;
      const query = request.query;
      return sendCsv(reply, `${entity}-analytics`, await analytics().exportCsv(entity, query));
    },
  );
}
