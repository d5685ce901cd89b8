import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import {
  afterSaleCustomerSchema,
  afterSaleQuerySchema,
  feedbackInputSchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  feedbackUpdateSchema,
  leadBoardColumnSchema,
  leadDetailSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadNoteRecordSchema,
  leadSchema,
  leadMoveSchema,
  leadNoteSchema,
  leadUpdateSchema,
  memberSchema,
  serviceHistoryEntrySchema,
  serviceRequestListQuerySchema,
  serviceRequestSchema,
  serviceRequestUpdateSchema,
} from "#schemas/logistics.ts";
import { currentOperator } from "../plugins/access";
import { crudRoutes, idParams, plural, sendCsv } from "./crud";
import { exportIdsQuery } from "#schemas/bulk.ts";
import { z } from "zod";
import { csvAnswerSchema, listAnswerOf, recordAnswerOf } from "#schemas/api-responses.ts";

const csv = { 200: csvAnswerSchema };

const admin = { config: { access: "admin" as const } };

/** Insurance and FASTag requests, feedback and complaints, and the CRM. */
export async function requestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { members, requests, feedback, crm } = app.services.logistics;

  for (const kind of ["insurance", "fast_tag"] as const) {
    const path = `/api/${kind}`;
    const noun = kind === "insurance" ? "insurance request" : "FASTag request";
    const capital = kind === "insurance" ? "Insurance request" : "FASTag request";
    app.get(
      path,
      {
        ...admin,
        schema: {
          querystring: serviceRequestListQuerySchema,
          response: { 200: listAnswerOf(kind, serviceRequestSchema) },
        },
      },
      async (request) => {
        const query = request.query;
        const { rows, total, capped } = await requests.list(kind, query);
        return { success: true, [`${kind}_data`]: rows, total_no_of_data: total, total_capped: capped };
      },
    );
    app.get(
      `${path}/export.csv`,
      {
        ...admin,
        schema: { querystring: serviceRequestListQuerySchema.extend(exportIdsQuery.shape), response: csv },
      },
      async (request, reply) => {
        const query = request.query;
        return sendCsv(reply, kind, await requests.exportCsv(kind, query));
      },
    );
    crudRoutes(app, {
      path,
      dataKey: kind,
      access: "admin",
      listQuery: serviceRequestListQuerySchema,
      record: serviceRequestSchema,
      update: serviceRequestUpdateSchema,
      messages: {
        updated: `${capital} updated.`,
        deleted: `${capital} deleted.`,
        bulkDeleted: (n) => `${plural(n, noun)} deleted.`,
        restored: (n) => `${plural(n, noun)} restored.`,
      },
      service: {
        update: (actor, id, change) => requests.update(actor, kind, id, change),
        remove: (actor, id) => requests.remove(actor, kind, id),
        removeMany: (actor, ids) => requests.removeMany(actor, kind, ids),
        removeMatching: (actor, query) => requests.removeMatching(actor, kind, query),
        restore: (actor, ids) => requests.restore(actor, kind, ids),
      },
    });
  }

  // Spec oddity kept on purpose: the feedback list answers an array whose first item holds `feedback`.
  app.get(
    "/api/feedback",
    {
      ...admin,
      schema: {
        querystring: feedbackListQuerySchema,
        response: {
          200: z.array(
            z.object({
              success: z.literal(true),
              feedback: z.array(feedbackItemSchema),
              total_no_of_data: z.number().int(),
              total_capped: z.boolean().optional(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total, capped } = await feedback.list(query);
      return [{ success: true, feedback: rows, total_no_of_data: total, total_capped: capped }];
    },
  );
  app.get(
    "/api/feedback/export.csv",
    {
      ...admin,
      schema: { querystring: feedbackListQuerySchema.extend(exportIdsQuery.shape), response: csv },
    },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "feedback", await feedback.exportCsv(query));
    },
  );
  crudRoutes(app, {
    path: "/api/feedback",
    dataKey: "feedback",
    listQuery: feedbackListQuerySchema,
    access: "admin",
    record: feedbackItemSchema,
    input: feedbackInputSchema,
    update: feedbackUpdateSchema,
    messages: {
      created: "Feedback logged.",
      updated: "Review saved.",
      deleted: "Feedback deleted.",
      bulkDeleted: (n) => `${plural(n, "item")} deleted.`,
      restored: (n) => `${plural(n, "item")} restored.`,
    },
    service: {
      create: feedback.create,
      update: feedback.update,
      remove: feedback.remove,
      removeMany: feedback.removeMany,
      removeMatching: feedback.removeMatching,
      restore: feedback.restore,
    },
  });

  /* CRM after-sale: customers with their service history (row_count, as the spec's CRM dashboard). */
  app.get(
    "/api/crm/after_sale",
    {
      ...admin,
      schema: {
        querystring: afterSaleQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            profile_data: z.array(afterSaleCustomerSchema),
            row_count: z.number().int(),
            total_no_of_data: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await crm.afterSale(query);
      return { success: true, profile_data: rows, row_count: total, total_no_of_data: total };
    },
  );
  app.get(
    "/api/crm/after_sale/export.csv",
    { ...admin, schema: { querystring: afterSaleQuerySchema, response: csv } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "customers", await crm.exportAfterSale(query));
    },
  );
  const customerAnswer = z.object({
    success: z.literal(true),
    profile_data: z.array(memberSchema),
    service_history: z.array(serviceHistoryEntrySchema),
  });
  app.get(
    "/api/crm/after_sale/:id",
    { ...admin, schema: { params: idParams, response: { 200: customerAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { profile } = await members.profile(id);
      return { success: true, profile_data: [profile], service_history: await crm.history(id) };
    },
  );

  /* CRM before-sale: leads. */
  const leadList = listAnswerOf("lead", leadSchema).extend({ row_count: z.number().int() });
  app.get(
    "/api/crm/leads",
    { ...admin, schema: { querystring: leadListQuerySchema, response: { 200: leadList } } },
    async (request) => {
      const query = request.query;
      const { rows, total, capped } = await crm.listLeads(query);
      return {
        success: true,
        lead_data: rows,
        row_count: total,
        total_no_of_data: total,
        total_capped: capped,
      };
    },
  );
  app.get(
    "/api/crm/leads/export.csv",
    { ...admin, schema: { querystring: leadListQuerySchema.extend(exportIdsQuery.shape), response: csv } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "leads", await crm.exportLeads(query));
    },
  );
  app.get(
    "/api/crm/board",
    {
      ...admin,
      schema: {
        querystring: leadListQuerySchema.pick({
          search: true,
          follow_up: true,
          created_from: true,
          created_to: true,
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            board_data: z.array(leadBoardColumnSchema),
          }),
        },
      },
    },
    async (request) => {
      const query = request.query;
      return { success: true, board_data: await crm.board(query) };
    },
  );
  app.post(
    "/api/crm/leads/:id/notes",
    {
      ...admin,
      schema: {
        params: idParams,
        body: leadNoteSchema,
        response: { 201: recordAnswerOf(z.array(leadNoteRecordSchema)) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { note } = request.body;
      return reply.status(201).send({
        success: true,
        message: "Note added.",
        data: await crm.addNote(currentOperator(request), id, note),
      });
    },
  );
  app.post(
    "/api/crm/leads/:id/move",
    {
      ...admin,
      schema: { params: idParams, body: leadMoveSchema, response: { 200: recordAnswerOf(leadSchema) } },
    },
    async (request) => {
      const { id } = request.params;
      const lead = await crm.moveLead(currentOperator(request), id, request.body);
      return { success: true, message: `${lead.name} moved to ${lead.status}.`, data: lead };
    },
  );
  app.get(
    "/api/crm/leads/:id",
    { ...admin, schema: { params: idParams, response: { 200: recordAnswerOf(leadDetailSchema) } } },
    async (request) => {
      const { id } = request.params;
      return { success: true, data: await crm.lead(id) };
    },
  );
  crudRoutes(app, {
    path: "/api/crm/leads",
    dataKey: "lead",
    listQuery: leadListQuerySchema,
    access: "admin",
    record: leadSchema,
    input: leadInputSchema,
    update: leadUpdateSchema,
    messages: {
      created: "Lead added.",
      updated: "Lead updated.",
      deleted: "Lead deleted.",
      bulkDeleted: (n) => `${plural(n, "lead")} deleted.`,
      restored: (n) => `${plural(n, "lead")} restored.`,
    },
    // The list, board and a lead with its notes answer the CRM's own shapes.
    service: {
      create: crm.createLead,
      update: crm.updateLead,
      remove: crm.removeLead,
      removeMany: crm.removeLeads,
      removeMatching: crm.removeMatchingLeads,
      restore: crm.restoreLeads,
    },
  });
}
