import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import { jobDetailSchema, jobListItemSchema } from "#schemas/job.ts";
import { DomainError } from "#domain/errors.ts";
import { jobPath } from "#shared/paths.ts";

const jobParams = z.object({ jobId: recordId("jobId must be a positive whole number") });

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { careers } = app.services;

  app.get(
    "/api/post_jobs/",
    { config: { access: "public" }, schema: { response: { 200: z.array(jobListItemSchema) } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=60");
      return careers.listOpen();
    },
  );

  // Outside /api on purpose: the spec's job page calls {api host}/jobs/{jobId}.
  app.get(
    "/jobs/:jobId",
    { config: { access: "public" }, schema: { params: jobParams, response: { 200: jobDetailSchema } } },
    async (request, reply) => {
      const { jobId } = request.params;
      const job = await careers.getOpenJob(jobId);
      if (!job) throw new DomainError("not_found", "Job not found");
      reply.header("Cache-Control", "public, max-age=60");
      return job;
    },
  );

  app.sitemapSources.push(async () =>
    (await careers.sitemapEntries()).map((job) => ({
      path: jobPath(job.id),
      lastmod: job.updated_at,
    })),
  );
}
