import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import {
  afterSaleQuerySchema,
  bulkDeleteSchema,
  feedbackInputSchema,
  feedbackListQuerySchema,
  feedbackUpdateSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadNoteSchema,
  leadUpdateSchema,
  serviceRequestListQuerySchema,
  serviceRequestUpdateSchema,
} from "../../schemas/logistics";
import { currentOperator } from "../plugins/access";
import { assertSomeChange, idParams, plural, sendCsv } from "./crud";

const admin = { config: { access: "admin" as const } };

/** Insurance and FASTag requests, feedback and complaints, and the CRM. */
export async function requestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const services = () => app.services.logistics;

  for (const kind of ["insurance", "fast_tag"] as const) {
    const path = `/api/${kind}`;
    const noun = kind === "insurance" ? "insurance request" : "FASTag request";
    const capital = kind === "insurance" ? "Insurance request" : "FASTag request";
    app.get(path, { ...admin, schema: { querystring: serviceRequestListQuerySchema } }, async (request) => {
      const query = request.query;
      const { rows, total, capped } = await services().requests.list(kind, query);
      return { success: true, [`${kind}_data`]: rows, total_no_of_data: total, total_capped: capped };
    });
    app.get(
      `${path}/export.csv`,
      { ...admin, schema: { querystring: serviceRequestListQuerySchema } },
      async (request, reply) => {
        const query = request.query;
        return sendCsv(reply, kind, await services().requests.exportCsv(kind, query));
      },
    );
    app.patch(
      `${path}/:id`,
      { ...admin, schema: { params: idParams, body: serviceRequestUpdateSchema } },
      async (request) => {
        const { id } = request.params;
        const change = request.body;
        assertSomeChange(change);
        return {
          success: true,
          message: `${capital} updated.`,
          data: await services().requests.update(currentOperator(request), kind, id, change),
        };
      },
    );
    app.delete(`${path}/:id`, { ...admin, schema: { params: idParams } }, async (request) => {
      const { id } = request.params;
      await services().requests.remove(currentOperator(request), kind, id);
      return { success: true, message: `${capital} deleted.`, data: [] };
    });
    app.post(`${path}/bulk_delete`, { ...admin, schema: { body: bulkDeleteSchema } }, async (request) => {
      const { ids } = request.body;
      const deleted = await services().requests.removeMany(currentOperator(request), kind, ids);
      return { success: true, message: `${plural(deleted, noun)} deleted.`, data: { deleted } };
    });
  }

  // Spec oddity kept on purpose: the feedback list answers an array whose first item holds `feedback`.
  app.get(
    "/api/feedback",
    { ...admin, schema: { querystring: feedbackListQuerySchema } },
    async (request) => {
      const query = request.query;
      const { rows, total, capped } = await services().feedback.list(query);
      return [{ success: true, feedback: rows, total_no_of_data: total, total_capped: capped }];
    },
  );
  app.get(
    "/api/feedback/export.csv",
    { ...admin, schema: { querystring: feedbackListQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "feedback", await services().feedback.exportCsv(query));
    },
  );
  app.post("/api/feedback", { ...admin, schema: { body: feedbackInputSchema } }, async (request, reply) => {
    const input = request.body;
    return reply.status(201).send({
      success: true,
      message: "Feedback logged.",
      data: await services().feedback.create(currentOperator(request), input),
    });
  });
  app.patch(
    "/api/feedback/:id",
    { ...admin, schema: { params: idParams, body: feedbackUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      assertSomeChange(change);
      return {
        success: true,
        message: "Review saved.",
        data: await services().feedback.update(currentOperator(request), id, change),
      };
    },
  );
  app.delete("/api/feedback/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    await services().feedback.remove(currentOperator(request), id);
    return { success: true, message: "Feedback deleted.", data: [] };
  });
  app.post("/api/feedback/bulk_delete", { ...admin, schema: { body: bulkDeleteSchema } }, async (request) => {
    const { ids } = request.body;
    const deleted = await services().feedback.removeMany(currentOperator(request), ids);
    return { success: true, message: `${plural(deleted, "item")} deleted.`, data: { deleted } };
  });

  /* CRM after-sale: customers with their service history (row_count, as the spec's CRM dashboard). */
  app.get(
    "/api/crm/after_sale",
    { ...admin, schema: { querystring: afterSaleQuerySchema } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await services().crm.afterSale(query);
      return { success: true, profile_data: rows, row_count: total, total_no_of_data: total };
    },
  );
  app.get(
    "/api/crm/after_sale/export.csv",
    { ...admin, schema: { querystring: afterSaleQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "customers", await services().crm.exportAfterSale(query));
    },
  );
  app.get("/api/crm/after_sale/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    const { profile } = await services().members.profile(id);
    return { success: true, profile_data: [profile], service_history: await services().crm.history(id) };
  });

  /* CRM before-sale: leads. */
  app.get("/api/crm/leads", { ...admin, schema: { querystring: leadListQuerySchema } }, async (request) => {
    const query = request.query;
    const { rows, total, capped } = await services().crm.listLeads(query);
    return {
      success: true,
      lead_data: rows,
      row_count: total,
      total_no_of_data: total,
      total_capped: capped,
    };
  });
  app.get(
    "/api/crm/leads/export.csv",
    { ...admin, schema: { querystring: leadListQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "leads", await services().crm.exportLeads(query));
    },
  );
  app.get(
    "/api/crm/board",
    { ...admin, schema: { querystring: leadListQuerySchema.pick({ search: true, follow_up: true }) } },
    async (request) => {
      const query = request.query;
      return { success: true, board_data: await services().crm.board(query) };
    },
  );
  app.get("/api/crm/leads/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    return { success: true, data: await services().crm.lead(id) };
  });
  app.post("/api/crm/leads", { ...admin, schema: { body: leadInputSchema } }, async (request, reply) => {
    const input = request.body;
    const data = await services().crm.createLead(currentOperator(request), input);
    return reply.status(201).send({ success: true, message: "Lead added.", data });
  });
  app.patch(
    "/api/crm/leads/:id",
    { ...admin, schema: { params: idParams, body: leadUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      assertSomeChange(change);
      return {
        success: true,
        message: "Lead updated.",
        data: await services().crm.updateLead(currentOperator(request), id, change),
      };
    },
  );
  app.post(
    "/api/crm/leads/:id/notes",
    { ...admin, schema: { params: idParams, body: leadNoteSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { note } = request.body;
      return reply.status(201).send({
        success: true,
        message: "Note added.",
        data: await services().crm.addNote(currentOperator(request), id, note),
      });
    },
  );
  app.delete("/api/crm/leads/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    await services().crm.removeLead(currentOperator(request), id);
    return { success: true, message: "Lead deleted.", data: [] };
  });
  app.post(
    "/api/crm/leads/bulk_delete",
    { ...admin, schema: { body: bulkDeleteSchema } },
    async (request) => {
      const { ids } = request.body;
      const deleted = await services().crm.removeLeads(currentOperator(request), ids);
      return { success: true, message: `${plural(deleted, "lead")} deleted.`, data: { deleted } };
    },
  );
}
