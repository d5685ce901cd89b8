import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import {
  mailFailuresAnswerSchema,
  mailListAnswerSchema,
  mailListQuerySchema,
  mailRecordAnswerSchema,
} from "#schemas/mail.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

const idParams = z.object({ id: recordId() });

/** The mail outbox as an admin sees it: what was sent, what waits, what failed, and a retry for the last. */
export async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();

  app.get(
    "/api/mail",
    {
      config: { access: "admin" },
      schema: { querystring: mailListQuerySchema, response: { 200: mailListAnswerSchema } },
    },
    async (request) => {
      const { rows, total } = await app.services.mail.list(request.query);
      return { success: true as const, mail_data: rows, total_no_of_data: total };
    },
  );

  // The Mail badge and the admins' notice across the console: polled, so it answers from one small query.
  app.get(
    "/api/mail/failures",
    { config: { access: "admin" }, schema: { response: { 200: mailFailuresAnswerSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true as const, data: await app.services.mail.failures() };
    },
  );

  app.post(
    "/api/mail/:id/retry",
    {
      config: { access: "admin" },
      schema: { params: idParams, response: { 200: mailRecordAnswerSchema } },
    },
    async (request) => {
      const data = await app.services.mail.retry(currentOperator(request), request.params.id);
      return { success: true as const, message: "The message will be sent again shortly.", data };
    },
  );
}
