import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  dataAnswerOf,
  errorAnswerSchema,
  messageAnswerSchema,
  recordAnswerOf,
  timestamp,
} from "#schemas/api-responses.ts";
import {
  blogPostDetailSchema,
  blogPreviewLinkSchema,
  blogRevisionSchema,
  blogRevisionSummarySchema,
  blogRowSchema,
  previewParams,
  revisionParams,
  type BlogPreviewLink,
} from "#schemas/blog.ts";
import type { ZodProvider } from "../zod-provider";
import { currentOperator } from "../plugins/access";
import { idParams } from "./crud";

const editor = { config: { access: "editor" as const } };

/** Why a preview link opens nothing, as its reader is told (the preview page says the same). */
const PREVIEW_REFUSALS = {
  expired: "This preview link has expired. Ask an editor for a new one.",
  revoked: "This preview link was replaced or revoked. Ask an editor for a new one.",
  invalid: "This preview link is not valid for this post. Ask an editor for a new one.",
} as const;

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

  app.get(
    "/api/blog/:id/revisions",
    {
      ...editor,
      schema: { params: idParams, response: { 200: dataAnswerOf(z.array(blogRevisionSummarySchema)) } },
    },
    async (request) => ({ success: true, data: await posts.revisions(request.params.id) }),
  );

  app.get(
    "/api/blog/:id/revisions/:revisionId",
    { ...editor, schema: { params: revisionParams, response: { 200: dataAnswerOf(blogRevisionSchema) } } },
    async (request) => ({
      success: true,
      data: await posts.revision(request.params.id, request.params.revisionId),
    }),
  );

  app.post(
    "/api/blog/:id/revisions/:revisionId/restore",
    { ...editor, schema: { params: revisionParams, response: { 200: recordAnswerOf(blogRowSchema) } } },
    async (request) => {
      const { id, revisionId } = request.params;
      const data = await posts.restoreRevision(currentOperator(request), id, revisionId);
      return { success: true, message: "Revision restored.", data };
    },
  );

  // A new link is a write: it voids the links made before it (the post's preview version goes up).
  app.post(
    "/api/blog/:id/preview_link",
    { ...editor, schema: { params: idParams, response: { 200: recordAnswerOf(blogPreviewLinkSchema) } } },
    async (request) => {
      const link = await posts.newPreviewLink(currentOperator(request), request.params.id);
      const data: BlogPreviewLink = {
        url: (await app.services.publicAddress.url()) + link.path,
        expires_at: link.expiresAt.toISOString(),
      };
      return {
        success: true,
        message:
          "New preview link ready: anyone with it can read this post for 7 days. Earlier links no longer work.",
        data,
      };
    },
  );

  app.delete(
    "/api/blog/:id/preview_link",
    { ...editor, schema: { params: idParams, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await posts.revokePreviewLinks(currentOperator(request), request.params.id);
      return {
        success: true,
        message: "Preview links revoked: no link made so far opens this post.",
        data: [],
      };
    },
  );

  // The preview page's data for API clients; the page itself (app/routes/site/blog-preview.tsx) reads the service.
  app.get(
    "/api/blog_preview/:id/:token",
    {
      config: { access: "public" },
      schema: {
        params: previewParams,
        response: {
          200: dataAnswerOf(
            blogPostDetailSchema.extend({
              author: z.string(),
              published_at: timestamp(),
              updated_at: timestamp(),
              expires_at: timestamp(),
            }),
          ),
          403: errorAnswerSchema,
          404: errorAnswerSchema,
          410: errorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      privatePreviewHeaders(reply);
      const { id, token } = request.params;
      const answer = await blog.getPreview(id, token);
      if (!answer)
        return reply.status(404).send({ success: false, message: "Blog post not found", data: [] });
      if (!answer.ok)
        return reply.status(answer.reason === "invalid" ? 403 : 410).send({
          success: false,
          message: PREVIEW_REFUSALS[answer.reason],
          data: [],
        });
      // The page's own fields (its language, its translation group) stay with the preview page.
      const { language: _language, translation_group: _group, ...post } = answer.post;
      return { success: true, data: { ...post, expires_at: answer.expiresAt.toISOString() } };
    },
  );
}
