import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { blogPostCreateSchema, blogPostInputSchema, blogRecordSchema, blogRowSchema } from "#schemas/blog.ts";
import { commentRowSchema } from "#schemas/comment.ts";
import {
  blogListQuerySchema,
  commentListQuerySchema,
  commentModerationSchema,
  jobListQuerySchema,
} from "#schemas/content-admin.ts";
import { jobInputSchema, jobRowSchema } from "#schemas/job.ts";
import { listQuerySchema } from "#schemas/list-query.ts";
import { teamMemberInputSchema } from "#schemas/team.ts";
import { currentOperator } from "../plugins/access";
import { crudRoutes, idParams } from "./crud";
import { messageAnswerSchema } from "#schemas/api-responses.ts";
import { teamRowSchema } from "#schemas/team.ts";

const editor = { config: { access: "editor" as const } };

/** Console endpoints for the public site's content: blog posts, team, jobs and comment moderation. */
export async function contentAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const content = app.services.contentAdmin;
  crudRoutes(app, {
    path: "/api/blog",
    dataKey: "blog",
    access: "editor",
    listQuery: blogListQuerySchema,
    record: blogRowSchema,
    detail: blogRecordSchema,
    input: blogPostCreateSchema.strict(),
    update: blogPostInputSchema.strict(),
    messages: { created: "Post created.", updated: "Post saved.", deleted: "Post deleted." },
    service: content.blog,
  });
  const teamMember = teamMemberInputSchema.strict();
  crudRoutes(app, {
    path: "/api/team_members",
    dataKey: "team_members",
    access: "editor",
    listQuery: listQuerySchema,
    record: teamRowSchema,
    input: teamMember,
    update: teamMember,
    messages: {
      created: "Team member added.",
      updated: "Team member updated.",
      deleted: "Team member removed.",
    },
    service: content.team,
  });
  const job = jobInputSchema.strict();
  crudRoutes(app, {
    path: "/api/jobs",
    dataKey: "jobs",
    access: "editor",
    listQuery: jobListQuerySchema,
    record: jobRowSchema,
    input: job,
    update: job,
    messages: { created: "Job posted.", updated: "Job updated.", deleted: "Job deleted." },
    service: content.jobs,
  });
  crudRoutes(app, {
    path: "/api/comments",
    dataKey: "comments",
    access: "editor",
    listQuery: commentListQuerySchema,
    record: commentRowSchema,
    messages: { deleted: "Comment deleted." },
    service: content.comments,
  });
  app.patch(
    "/api/comments/:id",
    {
      ...editor,
      schema: { params: idParams, body: commentModerationSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      await content.comments.moderate(currentOperator(request), id, change);
      const message =
        change.status === "published"
          ? "Comment approved: it is on the site."
          : change.status === "rejected"
            ? "Comment rejected: it stays off the site."
            : change.hidden
              ? "Comment hidden."
              : "Comment visible again.";
      return { success: true, message, data: [] };
    },
  );
}
