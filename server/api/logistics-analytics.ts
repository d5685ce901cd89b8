import type { FastifyInstance } from "fastify";
import { analyticsEntityParams, analyticsQuerySchema, overallQuerySchema } from "../../schemas/logistics";
import { parseOr400 } from "../errors";
import { sendCsv } from "./crud";

const admin = { config: { access: "admin" as const } };

export async function analyticsRoutes(app: FastifyInstance) {
  const analytics = () => app.services.logistics.analytics;

  app.get("/api/analytics/overall", admin, async (request) => {
    const { period } = parseOr400(overallQuerySchema, request.query);
    return { success: true, data: await analytics().overall(period) };
  });

  app.get("/api/analytics/:entity", admin, async (request) => {
    const { entity } = parseOr400(analyticsEntityParams, request.params);
    const query = parseOr400(analyticsQuerySchema, request.query);
    const result = await analytics().entity(entity, query);
    return {
      success: true,
      from_date: result.from_date,
      to_date: result.to_date,
      chart_data: result.chart,
      [`${entity}_data`]: result.rows,
      total_no_of_data: result.total,
    };
  });

  app.get("/api/analytics/:entity/export.csv", admin, async (request, reply) => {
    const { entity } = parseOr400(analyticsEntityParams, request.params);
    const query = parseOr400(analyticsQuerySchema, request.query);
    return sendCsv(reply, `${entity}-analytics`, await analytics().exportCsv(entity, query));
  });
}
