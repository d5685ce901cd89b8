import type { FastifyInstance } from "fastify";
import { blogPostInputSchema } from "../../schemas/blog";
import {
  blogListQuerySchema,
  commentListQuerySchema,
  commentModerationSchema,
  jobListQuerySchema,
} from "../../schemas/content-admin";
import { jobInputSchema } from "../../schemas/job";
import { listQuerySchema } from "../../schemas/list-query";
import { teamMemberInputSchema } from "../../schemas/team";
import { parseOr400 } from "../errors";
import { currentOperator } from "../plugins/access";
import { crudRoutes, idParams } from "./crud";

const editor = { config: { access: "editor" as const } };

/** Console endpoints for the public site's content: blog posts, team, jobs and comment moderation. */
export async function contentAdminRoutes(app: FastifyInstance) {
  const content = app.services.contentAdmin;
  const blogPost = blogPostInputSchema.strict();
  crudRoutes(app, {
    path: "/api/blog",
    dataKey: "blog",
    access: "editor",
    listQuery: blogListQuerySchema,
    input: blogPost,
    update: blogPost,
    messages: { created: "Post created.", updated: "Post saved.", deleted: "Post deleted." },
    service: content.blog,
  });
  const teamMember = teamMemberInputSchema.strict();
  crudRoutes(app, {
    path: "/api/team_members",
    dataKey: "team_members",
    access: "editor",
    listQuery: listQuerySchema,
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
    messages: { deleted: "Comment deleted." },
    service: content.comments,
  });
  app.patch("/api/comments/:id", editor, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { hidden } = parseOr400(commentModerationSchema, request.body);
    await content.comments.setHidden(currentOperator(request), id, hidden);
    return { success: true, message: hidden ? "Comment hidden." : "Comment visible again.", data: [] };
  });
}
