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
  subscriptionTokenSchema,
} from "#schemas/subscription.ts";
import { SUBSCRIPTION_CONFIRMED_PATH, UNSUBSCRIBE_PATH } from "#shared/subscription-paths.ts";
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
      config: { access: "public", acceptedPosts: "subscriptions", conversion: "subscription" },
      schema: { body: subscribeRequestSchema, response: { 202: messageAnswerSchema } },
    },
    async (request, reply) => {
      await app.services.subscriptions.subscribe(request.body);
      // The same answer for a new, a pending and a confirmed address: the form tells nobody who subscribed.
      return reply.status(202).send({ success: true, message: SUBSCRIBE_ANSWER, data: [] });
    },
  );

  // The confirmation link: confirms once, then shows the page that says what happened.
  app.get<{ Querystring: { token?: string } }>("/subscribe/confirm", async (request, reply) => {
    const token = subscriptionTokenSchema.safeParse(request.query.token);
    const topic = token.success ? await app.services.subscriptions.confirm(token.data) : null;
    const answer = topic
      ? `?kind=${topic.kind}${topic.language ? `&lang=${topic.language}` : ""}`
      : "?expired=1";
    return reply.header("Cache-Control", "no-store").redirect(`${SUBSCRIPTION_CONFIRMED_PATH}${answer}`, 303);
  });

  // Unsubscribe by POST, without a confirmation: a mail program's one click (RFC 8058, body
  // "List-Unsubscribe=One-Click") or the button of the page a GET of the same address shows.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Querystring: { token?: string }; Body: unknown }>(
      UNSUBSCRIBE_PATH,
      async (request, reply) => {
        const token = subscriptionTokenSchema.safeParse(request.query.token);
        if (token.success) await app.services.subscriptions.unsubscribe(token.data);
        reply.header("Cache-Control", "no-store");
        // Gone already or never there: the same answer, so the link tells nothing about the address.
        if (typeof request.body === "string" && request.body.includes("List-Unsubscribe=One-Click"))
          return reply.type("text/plain; charset=utf-8").send("You are unsubscribed.");
        return reply.redirect(`${UNSUBSCRIBE_PATH}?done=1`, 303);
      },
    );
  });

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
