import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { blogPostInputSchema, recordId } from "../../schemas/blog";
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

const idParams = z.object({ id: recordId() });
const editor = { config: { access: "editor" as const } };

/** Console endpoints for the public site's content: blog posts, team, jobs and comment moderation. */
export async function contentAdminRoutes(app: FastifyInstance) {
  const content = app.services.contentAdmin;

  app.get("/api/blog", editor, async (request) => {
    const { rows, total } = await content.blog.list(parseOr400(blogListQuerySchema, request.query));
    return { success: true, blog_data: rows, total_no_of_data: total };
  });
  app.get("/api/blog/:id", editor, async (request) => ({
    success: true,
    data: await content.blog.get(parseOr400(idParams, request.params).id),
  }));
  app.post("/api/blog", editor, async (request, reply) => {
    const data = await content.blog.create(
      currentOperator(request),
      parseOr400(blogPostInputSchema.strict(), request.body),
    );
    return reply.status(201).send({ success: true, message: "Post created.", data });
  });
  app.patch("/api/blog/:id", editor, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const data = await content.blog.update(
      currentOperator(request),
      id,
      parseOr400(blogPostInputSchema.strict(), request.body),
    );
    return { success: true, message: "Post saved.", data };
  });
  app.delete("/api/blog/:id", editor, async (request) => {
    await content.blog.remove(currentOperator(request), parseOr400(idParams, request.params).id);
    return { success: true, message: "Post deleted.", data: [] };
  });

  app.get("/api/team_members", editor, async (request) => {
    const { rows, total } = await content.team.list(parseOr400(listQuerySchema, request.query));
    return { success: true, team_members_data: rows, total_no_of_data: total };
  });
  app.post("/api/team_members", editor, async (request, reply) => {
    const data = await content.team.create(
      currentOperator(request),
      parseOr400(teamMemberInputSchema.strict(), request.body),
    );
    return reply.status(201).send({ success: true, message: "Team member added.", data });
  });
  app.patch("/api/team_members/:id", editor, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const data = await content.team.update(
      currentOperator(request),
      id,
      parseOr400(teamMemberInputSchema.strict(), request.body),
    );
    return { success: true, message: "Team member updated.", data };
  });
  app.delete("/api/team_members/:id", editor, async (request) => {
    await content.team.remove(currentOperator(request), parseOr400(idParams, request.params).id);
    return { success: true, message: "Team member removed.", data: [] };
  });

  app.get("/api/jobs", editor, async (request) => {
    const { rows, total } = await content.jobs.list(parseOr400(jobListQuerySchema, request.query));
    return { success: true, jobs_data: rows, total_no_of_data: total };
  });
  app.post("/api/jobs", editor, async (request, reply) => {
    const data = await content.jobs.create(
      currentOperator(request),
      parseOr400(jobInputSchema.strict(), request.body),
    );
    return reply.status(201).send({ success: true, message: "Job posted.", data });
  });
  app.patch("/api/jobs/:id", editor, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const data = await content.jobs.update(
      currentOperator(request),
      id,
      parseOr400(jobInputSchema.strict(), request.body),
    );
    return { success: true, message: "Job updated.", data };
  });
  app.delete("/api/jobs/:id", editor, async (request) => {
    await content.jobs.remove(currentOperator(request), parseOr400(idParams, request.params).id);
    return { success: true, message: "Job deleted.", data: [] };
  });

  app.get("/api/comments", editor, async (request) => {
    const { rows, total } = await content.comments.list(parseOr400(commentListQuerySchema, request.query));
    return { success: true, comments_data: rows, total_no_of_data: total };
  });
  app.patch("/api/comments/:id", editor, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { hidden } = parseOr400(commentModerationSchema, request.body);
    await content.comments.setHidden(currentOperator(request), id, hidden);
    return { success: true, message: hidden ? "Comment hidden." : "Comment visible again.", data: [] };
  });
  app.delete("/api/comments/:id", editor, async (request) => {
    await content.comments.remove(currentOperator(request), parseOr400(idParams, request.params).id);
    return { success: true, message: "Comment deleted.", data: [] };
  });
}
