import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageAnswerSchema, recordAnswerOf } from "#schemas/api-responses.ts";
import { recordId } from "#schemas/common.ts";
import { inviteAcceptSchema, operatorInviteSchema, operatorSummarySchema } from "#schemas/operator.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

const idParams = z.object({ id: recordId() });
/** What the invitation page answers: who the account is, so the page can sign them in. */
const acceptedSchema = z.object({ username: z.string() });

/** Inviting operators by e-mail (admins) and the page where an invited operator chooses a password (public). */
export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();

  app.post(
    "/api/operators/invite",
    {
      config: { access: "admin" },
      schema: { body: operatorInviteSchema, response: { 201: recordAnswerOf(operatorSummarySchema) } },
    },
    async (request, reply) => {
      const baseUrl = await app.services.publicAddress.url();
      const data = await app.services.invites.invite(currentOperator(request), request.body, baseUrl);
      return reply.status(201).send({
        success: true as const,
        message: `Invitation sent to ${data.email}. ${data.username} chooses a password through its link.`,
        data,
      });
    },
  );

  app.post(
    "/api/operators/:id/invite/resend",
    {
      config: { access: "admin" },
      schema: { params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      const baseUrl = await app.services.publicAddress.url();
      const { username, expiresAt } = await app.services.invites.resend(
        currentOperator(request),
        request.params.id,
        baseUrl,
      );
      return {
        success: true as const,
        message: `A new invitation was sent to ${username}; its link works until ${formatDateTime(expiresAt.toISOString())}, and the older one no longer does.`,
        data: [],
      };
    },
  );

  app.post(
    "/api/operators/:id/invite/cancel",
    {
      config: { access: "admin" },
      schema: { params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      const { username } = await app.services.invites.cancel(currentOperator(request), request.params.id);
      return {
        success: true as const,
        message: `The invitation of ${username} was cancelled: its link no longer works, and the account is gone.`,
        data: [],
      };
    },
  );

  // Public, like the reset link's page: the token is the credential. Tried at most 20 times per address in
  // 10 minutes, and every wrong, used, expired or voided token gets the one same answer.
  app.post(
    "/api/auth/invite/accept",
    {
      config: { access: "public", rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: { body: inviteAcceptSchema, response: { 200: recordAnswerOf(acceptedSchema) } },
    },
    async (request, reply) => {
      const data = await app.services.invites.accept(request.body, request.ip);
      reply.header("Cache-Control", "no-store");
      return {
        success: true as const,
        message: "Your password is set. Signing you in…",
        data,
      };
    },
  );
}
