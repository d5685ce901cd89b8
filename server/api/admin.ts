import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "../../schemas/blog";
import { listQuerySchema } from "../../schemas/list-query";
import { newOperatorSchema, operatorUpdateSchema } from "../../schemas/operator";
import { siteSettingsSchema } from "../../schemas/settings";
import { currentOperator } from "../plugins/access";

const idParams = z.object({ id: recordId() });

/** Admin-only console endpoints: site settings, operators and the audit log. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.get("/api/site_settings", { config: { access: "admin" } }, async () => ({
    success: true,
    data: await app.services.settings.get(),
  }));

  app.put(
    "/api/site_settings",
    { config: { access: "admin" }, schema: { body: siteSettingsSchema.strict() } },
    async (request) => {
      const input = request.body;
      const data = await app.services.settings.update(input, currentOperator(request));
      return { success: true, message: "Settings saved.", data };
    },
  );

  app.get("/api/operators", { config: { access: "admin" } }, async () => {
    const rows = await app.services.operators.list();
    return { success: true, operators_data: rows, total_no_of_data: rows.length };
  });

  app.post(
    "/api/operators",
    { config: { access: "admin" }, schema: { body: newOperatorSchema.strict() } },
    async (request, reply) => {
      const input = request.body;
      const row = await app.services.operators.create(input, currentOperator(request));
      return reply
        .status(201)
        .send({ success: true, message: `Operator ${row.username} created.`, data: row });
    },
  );

  app.patch(
    "/api/operators/:id",
    { config: { access: "admin" }, schema: { params: idParams, body: operatorUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      const data = await app.services.operators.update(currentOperator(request), id, change);
      return { success: true, message: "Operator updated.", data };
    },
  );

  app.get(
    "/api/audit_log",
    { config: { access: "admin" }, schema: { querystring: listQuerySchema } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await app.services.audit.list(query.page, query.page_size, query.sort);
      return {
        success: true,
        audit_log_data: rows.map((r) => ({
          id: r.id,
          operator: r.operatorName,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
        total_no_of_data: total,
      };
    },
  );
}
