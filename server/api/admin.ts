import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordId } from "../../schemas/blog";
import { listQuerySchema } from "../../schemas/list-query";
import { newOperatorSchema, operatorUpdateSchema } from "../../schemas/operator";
import { siteSettingsSchema } from "../../schemas/settings";
import { parseOr400 } from "../errors";
import { currentOperator } from "../plugins/access";

const idParams = z.object({ id: recordId() });

/** Admin-only console endpoints: site settings, operators and the audit log. */
export async function adminRoutes(app: FastifyInstance) {
  app.get("/api/site_settings", { config: { access: "admin" } }, async () => ({
    success: true,
    data: await app.services.settings.get(),
  }));

  app.put("/api/site_settings", { config: { access: "admin" } }, async (request) => {
    const input = parseOr400(siteSettingsSchema.strict(), request.body);
    const data = await app.services.settings.update(input, currentOperator(request));
    return { success: true, message: "Settings saved.", data };
  });

  app.get("/api/operators", { config: { access: "admin" } }, async () => {
    const rows = await app.services.operators.list();
    return { success: true, operators_data: rows, total_no_of_data: rows.length };
  });

  app.post("/api/operators", { config: { access: "admin" } }, async (request, reply) => {
    const input = parseOr400(newOperatorSchema.strict(), request.body);
    const row = await app.services.operators.create(input, currentOperator(request));
    return reply.status(201).send({ success: true, message: `Operator ${row.username} created.`, data: row });
  });

  app.patch("/api/operators/:id", { config: { access: "admin" } }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const change = parseOr400(operatorUpdateSchema, request.body);
    const data = await app.services.operators.update(currentOperator(request), id, change);
    return { success: true, message: "Operator updated.", data };
  });

  app.get("/api/audit_log", { config: { access: "admin" } }, async (request) => {
    const query = parseOr400(listQuerySchema, request.query);
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
  });
}
