import { restoreSchema } from "#schemas/bulk.ts";
import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import { contactRequestSchema } from "#schemas/contact.ts";
import { enquiryListQuerySchema, enquirySchema, enquiryUpdateSchema } from "#schemas/enquiry.ts";
import { replySchema, threadSchema } from "#schemas/thread.ts";
import { assertSomeChange, sendCsv } from "./crud";
import {
  csvAnswerSchema,
  dataAnswerOf,
  deleteAnswerSchema,
  listAnswerOf,
  recordAnswerOf,
  restoreAnswerSchema,
} from "#schemas/api-responses.ts";
import { currentOperator } from "../plugins/access";

const idParams = z.object({ id: recordId() });

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.post(
    "/api/contact_requests",
    {
      config: { access: "public", acceptedPosts: "enquiries", conversion: "enquiry" },
      schema: {
        body: contactRequestSchema,
        response: { 201: recordAnswerOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const saved = await app.services.contact.submit(input);
      return reply.status(201).send({
        success: true,
        message: "Thank you! We have received your message and will get back to you within one business day.",
        data: { id: saved.id },
      });
    },
  );

  // The console's enquiry inbox.
  app.get(
    "/api/contact_requests",
    {
      config: { access: "editor" },
      schema: {
        querystring: enquiryListQuerySchema,
        response: { 200: listAnswerOf("contact_requests", enquirySchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await app.services.contact.list(query);
      return { success: true, contact_requests_data: rows, total_no_of_data: total };
    },
  );

  app.get(
    "/api/contact_requests/export.csv",
    {
      config: { access: "editor" },
      schema: { querystring: enquiryListQuerySchema, response: { 200: csvAnswerSchema } },
    },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "enquiries", await app.services.contact.exportCsv(query));
    },
  );

  app.patch(
    "/api/contact_requests/:id",
    {
      config: { access: "editor" },
      schema: {
        params: idParams,
        body: enquiryUpdateSchema,
        response: { 200: recordAnswerOf(enquirySchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      assertSomeChange(change);
      const data = await app.services.contact.update(currentOperator(request), id, change);
      return { success: true, message: "Enquiry updated.", data };
    },
  );

  // The enquiry's thread, and a reply from the console: whoever may read the enquiries may answer them.
  app.get(
    "/api/contact_requests/:id/thread",
    {
      config: { access: "editor" },
      schema: { params: idParams, response: { 200: dataAnswerOf(threadSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await app.services.contact.thread(request.params.id),
    }),
  );

  app.post(
    "/api/contact_requests/:id/replies",
    {
      config: { access: "editor" },
      schema: { params: idParams, body: replySchema, response: { 201: recordAnswerOf(threadSchema) } },
    },
    async (request, reply) => {
      const data = await app.services.contact.reply(
        currentOperator(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ success: true, message: `Reply queued for ${data.to}.`, data });
    },
  );

  app.delete(
    "/api/contact_requests/:id",
    { config: { access: "editor" }, schema: { params: idParams, response: { 200: deleteAnswerSchema } } },
    async (request) => {
      const { id } = request.params;
      await app.services.contact.remove(currentOperator(request), id);
      return { success: true, message: "Enquiry deleted.", data: [], restorable: true };
    },
  );
  app.post(
    "/api/contact_requests/restore",
    { config: { access: "editor" }, schema: { body: restoreSchema, response: { 200: restoreAnswerSchema } } },
    async (request) => {
      const { ids } = request.body;
      const restored = await app.services.contact.restore(currentOperator(request), ids);
      return {
        success: true,
        message: restored.length === 1 ? "Enquiry restored." : `${restored.length} enquiries restored.`,
        data: { restored: restored.length },
      };
    },
  );
}
