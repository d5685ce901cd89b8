import type { FastifyInstance, FastifyReply } from "fastify";
import { previewParams, revisionParams, type BlogPreviewLink } from "../../schemas/blog";
import type { ZodProvider } from "../zod-provider";
import { currentOperator } from "../plugins/access";
import { idParams } from "./crud";

const editor = { config: { access: "editor" as const } };

/** A draft link must never be indexed, stored by the page cache or a CDN, or leak its token as a referrer. */
export function privatePreviewHeaders(reply: FastifyReply) {
  return reply
    .header("X-Robots-Tag", "noindex, nofollow")
    .header("Cache-Control", "private, no-store")
    .header("Referrer-Policy", "no-referrer");
}

/** The blog editor's extras: saved revisions and restoring one, and shareable preview links for drafts. */
export async function blogAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const posts = app.services.contentAdmin.blog;
  const { blog } = app.services;

  app.get("/api/blog/:id/revisions", { ...editor, schema: { params: idParams } }, async (request) => ({
    success: true,
    data: await posts.revisions(request.params.id),
  }));

  app.get(
    "/api/blog/:id/revisions/:revisionId",
    { ...editor, schema: { params: revisionParams } },
    async (request) => ({
      success: true,
      data: await posts.revision(request.params.id, request.params.revisionId),
    }),
  );

  app.post(
    "/api/blog/:id/revisions/:revisionId/restore",
    { ...editor, schema: { params: revisionParams } },
    async (request) => {
      const { id, revisionId } = request.params;
      const data = await posts.restoreRevision(currentOperator(request), id, revisionId);
      return { success: true, message: "Revision restored.", data };
    },
  );

  app.get("/api/blog/:id/preview_link", { ...editor, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    await posts.get(id);
    const link = blog.previewLink(id);
    const data: BlogPreviewLink = {
      url: app.config.PUBLIC_BASE_URL + link.path,
      expires_at: link.expiresAt.toISOString(),
    };
    return {
      success: true,
      message: "Preview link ready: anyone with it can read this post for 7 days.",
      data,
    };
  });

  // The preview page's data for API clients; the page itself (app/routes/site/blog-preview.tsx) reads the service.
  app.get(
    "/api/blog_preview/:id/:token",
    { config: { access: "public" }, schema: { params: previewParams } },
    async (request, reply) => {
      privatePreviewHeaders(reply);
      const { id, token } = request.params;
      const answer = await blog.getPreview(id, token);
      if (!answer)
        return reply.status(404).send({ success: false, message: "Blog post not found", data: [] });
      if (!answer.ok)
        return reply.status(answer.reason === "expired" ? 410 : 403).send({
          success: false,
          message:
            answer.reason === "expired"
              ? "This preview link has expired. Ask an editor for a new one."
              : "This preview link is not valid for this post. Ask an editor for a new one.",
          data: [],
        });
      return { success: true, data: { ...answer.post, expires_at: answer.expiresAt.toISOString() } };
    },
  );
}
