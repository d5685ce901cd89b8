import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import { csvAnswerSchema, dataAnswerOf, messageAnswerSchema } from "#schemas/api-responses.ts";
import {
  SUBSCRIBE_ANSWER,
  subscribeRequestSchema,
  subscriberCountsSchema,
  subscriberListAnswerSchema,
  subscriberListQuerySchema,
} from "#schemas/subscription.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";
import { sendCsv } from "./crud";

const idParams = z.object({ id: recordId() });

/** The public Subscribe and job-alert forms, and the console's Subscribers screen. */
export async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.post(
    "/api/subscriptions",
    {
      config: { access: "public", acceptedPosts: "subscriptions" },
      schema: { body: subscribeRequestSchema, response: { 202: messageAnswerSchema } },
    },
    async (request, reply) => {
      await app.services.subscriptions.subscribe(request.body);
      // The same answer for a new, a pending and a confirmed address: the form tells nobody who subscribed.
      return reply.status(202).send({ success: true, message: SUBSCRIBE_ANSWER, data: [] });
    },
  );

  app.get(
    "/api/subscribers",
    {
      config: { access: "admin" },
      schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListAnswerSchema } },
    },
    async (request) => {
      const { rows, total } = await app.services.subscriptions.list(request.query);
      return { success: true, subscribers_data: rows, total_no_of_data: total };
    },
  );

  app.get(
    "/api/subscribers/counts",
    { config: { access: "admin" }, schema: { response: { 200: dataAnswerOf(subscriberCountsSchema) } } },
    async () => ({ success: true as const, data: await app.services.subscriptions.counts() }),
  );

  app.get(
    "/api/subscribers/export.csv",
    {
      config: { access: "admin" },
      schema: { querystring: subscriberListQuerySchema, response: { 200: csvAnswerSchema } },
    },
    async (request, reply) =>
      sendCsv(reply, "subscribers", await app.services.subscriptions.exportCsv(request.query)),
  );

  app.delete(
    "/api/subscribers/:id",
    { config: { access: "admin" }, schema: { params: idParams, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await app.services.subscriptions.remove(currentOperator(request), request.params.id);
      return { success: true, message: "Subscriber removed, with their address in the mail log.", data: [] };
    },
  );
}
