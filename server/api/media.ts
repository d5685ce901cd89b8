import type { FastifyInstance } from "fastify";
import { DomainError } from "#domain/errors.ts";

/** Uploaded image variants, from the database; ids are random and variants never change, so they cache forever. */
export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string; file: string } }>("/media/:id/:file", async (request, reply) => {
    const found = await app.services.media.getFile(request.params.id, request.params.file);
    if (!found) throw new DomainError("not_found", "Image not found");
    return reply
      .type(found.contentType)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("X-Content-Type-Options", "nosniff")
      .header(
        "Content-Security-Policy",
        "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
      )
      .send(found.bytes);
  });
}
