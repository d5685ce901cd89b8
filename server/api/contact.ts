import type { FastifyInstance } from "fastify";
import { contactRequestSchema } from "../../schemas/contact";
import { parseOr400 } from "../errors";

export async function contactRoutes(app: FastifyInstance) {
  app.post(
    "/api/contact_requests",
    { config: { access: "public", rateLimit: app.publicFormRateLimit } },
    async (request, reply) => {
      const input = parseOr400(contactRequestSchema, request.body);
      const saved = await app.services.contact.submit(input);
      return reply.status(201).send({
        success: true,
        message: "Thank you! We have received your message and will get back to you within one business day.",
        data: { id: saved.id },
      });
    },
  );
}
