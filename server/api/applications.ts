import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { attachmentHeader, checkCv } from "#domain/careers/cv-file.ts";
import { APPLICATION_BODY_LIMIT, CV_MISSING, CV_TOO_LARGE, MAX_CV_BYTES } from "#schemas/cv-limits.ts";
import {
  applicationBoardColumnSchema,
  applicationBoardQuerySchema,
  applicationDetailSchema,
  applicationJobOptionSchema,
  applicationFieldsSchema,
  applicationListQuerySchema,
  applicationNoteSchema,
  applicationRowSchema,
  bulkStageChangeSchema,
  stageChangeSchema,
} from "#schemas/application.ts";
import { recordId } from "#schemas/common.ts";
import { replySchema, threadSchema } from "#schemas/thread.ts";
import { exportIdsQuery } from "#schemas/bulk.ts";
import { ANSWER_FIELD, checkAnswers } from "#schemas/job-answers.ts";
import {
  csvAnswerSchema,
  dataAnswerOf,
  listAnswerOf,
  messageAnswerSchema,
  recordAnswerOf,
  textAnswer,
} from "#schemas/api-responses.ts";
import { describeIssues, fieldErrors } from "#schemas/validation.ts";
import { DomainError } from "#domain/errors.ts";
import { currentOperator } from "../plugins/access";
import type { BytesBudget } from "../plugins/rate-limit";
import type { ZodProvider } from "../zod-provider";
import { sendCsv } from "./crud";

const idParams = z.object({ id: recordId() });
/** What one address may upload here per hour, refused or accepted, on top of the shared count of posts. */
export const APPLICATION_BYTES_PER_HOUR = 25 * 1024 * 1024;
const HOUR_MS = 60 * 60_000;
const OVER_BUDGET = (minutes: number) =>
  `You have sent more than 25 MB of applications from this address in the last hour. Please wait ${minutes} minute(s) and try again.`;
/** The applications' bytes budget per address, asked by the API route and by the job page's form post. */
export const applicationBytesBudget = (app: FastifyInstance) =>
  app.bytesBudget("applications", APPLICATION_BYTES_PER_HOUR, HOUR_MS, OVER_BUDGET);
const FIELD_NAMES = new Set(Object.keys(applicationFieldsSchema.shape));

/** The same page for a first and a repeat application, so it tells no one who applied. */
const confirmationPath = (jobId: number) => `/careers-details/applied?jobId=${jobId}`;
const GENERAL_CONFIRMATION_PATH = "/careers-details/applied?general=1";

/**
 * Reads the multipart body: the fields as text, and the CV with at most MAX_CV_BYTES held in memory; a body
 * without a declared length is counted against the address's bytes budget once read.
 */
async function readApplication(request: FastifyRequest, budget: BytesBudget) {
  if (!request.isMultipart())
    throw new DomainError(
      "invalid",
      "Send the application as multipart/form-data with the CV in a field named cv.",
    );
  const fields: Record<string, string> = {};
  let cv: { bytes: Buffer; name: string } | undefined;
  let bytesRead = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "cv" || cv) {
          part.file.resume();
          throw new DomainError("invalid", "Send one CV, in the field named cv.");
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          chunks.push(chunk);
        }
        // busboy stops at the limit and marks the file truncated: nothing past 5 MB was read into memory.
        if (part.file.truncated || size > MAX_CV_BYTES)
          throw new DomainError("too_large", CV_TOO_LARGE, { fields: { cv: CV_TOO_LARGE } });
        bytesRead += size;
        // A file input left empty arrives as a part with no name and no bytes.
        if (size > 0 || part.filename) cv = { bytes: Buffer.concat(chunks, size), name: part.filename };
      } else {
        bytesRead += Buffer.byteLength(String(part.value));
        if (FIELD_NAMES.has(part.fieldname) || ANSWER_FIELD.test(part.fieldname))
          fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The bytes read still count; the body's own problem is the answer.
    await budget.settle(request, bytesRead).catch(() => undefined);
    if (error instanceof DomainError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new DomainError("too_large", CV_TOO_LARGE, { fields: { cv: CV_TOO_LARGE } });
    if (status && status < 500) throw error;
    throw new DomainError(
      "invalid",
      "The application is not valid multipart/form-data. Reload the page and try again.",
    );
  }
  await budget.settle(request, bytesRead);
  return { fields, cv };
}

export async function applicationRoutes(fastify: FastifyInstance) {
  // preservePath keeps "../x.pdf" intact; the name is cleaned (domain/careers/cv-file.ts), never a path.
  await fastify.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_CV_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24 },
  });
  const app = fastify.withTypeProvider<ZodProvider>();
  const { applications } = app.services;
  const budget = applicationBytesBudget(app);

  /** Takes the multipart application for a job (`jobId`), or a general one (null), as the form sends it. */
  async function takeApplication(request: FastifyRequest, jobId: number | null) {
    const { fields, cv } = await readApplication(request, budget);
    const parsed = applicationFieldsSchema.safeParse(fields);
    const answered = checkAnswers(await applications.questionsFor(jobId), (name) => fields[name]);
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...answered.errors };
    let checked;
    if (!cv) errors.cv = CV_MISSING;
    else if (!errors.url_hp) {
      try {
        checked = await checkCv(cv.bytes);
      } catch (error) {
        // Only a refused file is the form's to show; too large, or the inspection queue busy, answer as such.
        if (!(error instanceof DomainError) || error.code !== "invalid") throw error;
        errors.cv = error.message;
      }
    }
    if (!parsed.success || !checked || !cv || Object.keys(answered.errors).length > 0) {
      const message = !parsed.success
        ? describeIssues(parsed.error)
        : Object.entries(errors)
            .map(([field, problem]) => `${field}: ${problem}`)
            .join("; ");
      throw new DomainError("invalid", message, { fields: errors });
    }
    const saved = await applications.submit(
      jobId,
      parsed.data,
      { bytes: cv.bytes, name: cv.name, checked },
      answered.answers,
    );
    request.log.info(
      { id: saved.id, repeat: saved.repeat, general: jobId === null, bytes: cv.bytes.length },
      "job application stored",
    );
    return {
      success: true as const,
      message: "Thank you! We have received your application.",
      data: { redirect: jobId === null ? GENERAL_CONFIRMATION_PATH : confirmationPath(jobId) },
    };
  }

  // Both application routes take the same limits: the shared count of accepted posts and the bytes budget.
  const applicationRoute = {
    // Refused posts (a CV that is no CV, a missing field) do not use up the limit; accepted ones do.
    config: { access: "public" as const, acceptedPosts: "applications", conversion: "application" as const },
    bodyLimit: APPLICATION_BODY_LIMIT,
    // A declared size over the limit is refused before a byte of the body is read.
    onRequest: async (request: FastifyRequest) => {
      const length = Number(request.headers["content-length"] ?? 0);
      if (length > APPLICATION_BODY_LIMIT)
        throw new DomainError("too_large", CV_TOO_LARGE, { fields: { cv: CV_TOO_LARGE } });
      await budget.reserve(request);
    },
  };
  const applicationAnswer = { 201: recordAnswerOf(z.object({ redirect: z.string() })) };

  app.post(
    "/api/jobs/:id/applications",
    { ...applicationRoute, schema: { params: idParams, response: applicationAnswer } },
    async (request, reply) => reply.status(201).send(await takeApplication(request, request.params.id)),
  );

  app.post(
    "/api/general_applications",
    { ...applicationRoute, schema: { response: applicationAnswer } },
    async (request, reply) => reply.status(201).send(await takeApplication(request, null)),
  );

  // ---- The hiring team's console ----

  app.get(
    "/api/job_applications",
    {
      config: { access: "editor" },
      schema: {
        querystring: applicationListQuerySchema,
        response: { 200: listAnswerOf("applications", applicationRowSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await applications.list(request.query);
      return { success: true, applications_data: rows, total_no_of_data: total };
    },
  );

  app.get(
    "/api/job_applications/export.csv",
    {
      config: { access: "editor" },
      schema: {
        querystring: applicationListQuerySchema.extend(exportIdsQuery.shape),
        response: { 200: csvAnswerSchema },
      },
    },
    async (request, reply) => sendCsv(reply, "applications", await applications.exportCsv(request.query)),
  );

  app.get(
    "/api/job_applications/board",
    {
      config: { access: "editor" },
      schema: {
        querystring: applicationBoardQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), board_data: z.array(applicationBoardColumnSchema) }),
        },
      },
    },
    async (request) => ({ success: true as const, board_data: await applications.board(request.query) }),
  );

  app.post(
    "/api/job_applications/bulk_stage",
    {
      config: { access: "editor" },
      // With all_matching, the filters come in the query string, read as the list reads them.
      schema: {
        querystring: applicationListQuerySchema,
        body: bulkStageChangeSchema,
        response: { 200: recordAnswerOf(z.object({ moved: z.number().int() })) },
      },
    },
    async (request) => {
      const { moved, message } = await applications.changeStageMany(
        currentOperator(request),
        request.body,
        request.query,
      );
      return { success: true, message, data: { moved } };
    },
  );

  app.get(
    "/api/job_applications/jobs",
    {
      config: { access: "editor" },
      schema: { response: { 200: dataAnswerOf(z.array(applicationJobOptionSchema)) } },
    },
    async () => ({ success: true as const, data: await applications.jobOptions() }),
  );

  app.get(
    "/api/job_applications/counts",
    {
      config: { access: "editor" },
      schema: { response: { 200: dataAnswerOf(z.record(z.string(), z.number().int())) } },
    },
    async () => ({ success: true as const, data: await applications.countsByJob() }),
  );

  app.get(
    "/api/job_applications/:id",
    {
      config: { access: "editor" },
      schema: { params: idParams, response: { 200: dataAnswerOf(applicationDetailSchema) } },
    },
    async (request) => ({ success: true as const, data: await applications.get(request.params.id) }),
  );

  app.get(
    "/api/job_applications/:id/cv",
    {
      config: { access: "editor" },
      schema: {
        params: idParams,
        response: { 200: textAnswer("application/octet-stream", "The CV, as an attachment.") },
      },
    },
    async (request, reply) => sendCv(reply, await applications.cv(request.params.id)),
  );

  app.get(
    "/api/job_applications/:id/submissions/:submissionId/cv",
    {
      config: { access: "editor" },
      schema: {
        params: idParams.extend({ submissionId: recordId() }),
        response: { 200: textAnswer("application/octet-stream", "The CV sent again, as an attachment.") },
      },
    },
    async (request, reply) =>
      sendCv(reply, await applications.submissionCv(request.params.id, request.params.submissionId)),
  );

  app.patch(
    "/api/job_applications/:id/stage",
    {
      config: { access: "editor" },
      schema: {
        params: idParams,
        body: stageChangeSchema,
        response: { 200: recordAnswerOf(applicationRowSchema) },
      },
    },
    async (request) => {
      const data = await applications.changeStage(currentOperator(request), request.params.id, request.body);
      return {
        success: true,
        message: request.body.reply
          ? `Stage changed; the mail to ${data.email} is queued.`
          : "Stage changed.",
        data,
      };
    },
  );

  // The application's thread, and a reply from the console: whoever may read applications may answer them.
  app.get(
    "/api/job_applications/:id/thread",
    {
      config: { access: "editor" },
      schema: { params: idParams, response: { 200: dataAnswerOf(threadSchema) } },
    },
    async (request) => ({ success: true as const, data: await applications.thread(request.params.id) }),
  );

  app.post(
    "/api/job_applications/:id/replies",
    {
      config: { access: "editor" },
      schema: { params: idParams, body: replySchema, response: { 201: recordAnswerOf(threadSchema) } },
    },
    async (request, reply) => {
      const data = await applications.reply(currentOperator(request), request.params.id, request.body);
      return reply.status(201).send({ success: true, message: `Reply queued for ${data.to}.`, data });
    },
  );

  app.post(
    "/api/job_applications/:id/notes",
    {
      config: { access: "editor" },
      schema: {
        params: idParams,
        body: applicationNoteSchema,
        response: {
          201: recordAnswerOf(
            z.object({ id: z.number().int(), author: z.string(), text: z.string(), created_at: z.string() }),
          ),
        },
      },
    },
    async (request, reply) => {
      const data = await applications.addNote(currentOperator(request), request.params.id, request.body.text);
      return reply.status(201).send({ success: true, message: "Note added.", data });
    },
  );

  // Data protection: an admin answers a candidate's access and erasure requests.
  app.get(
    "/api/job_applications/:id/export",
    {
      config: { access: "admin" },
      schema: {
        params: idParams,
        response: {
          200: textAnswer(
            "application/zip",
            "A zip: the data as JSON (application.json) and as text (application.txt), the CV (cv/) and the mails sent to the candidate (mails/).",
          ),
        },
      },
    },
    async (request, reply) => {
      const archive = await applications.exportCandidate(currentOperator(request), request.params.id);
      return reply
        .type("application/zip")
        .header("Content-Disposition", attachmentHeader(archive.fileName))
        .header("Cache-Control", "no-store")
        .send(Buffer.from(archive.bytes));
    },
  );

  app.delete(
    "/api/job_applications/:id/personal_data",
    {
      config: { access: "admin" },
      schema: { params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await applications.erase(currentOperator(request), request.params.id);
      return { success: true, message: "The candidate's personal data and CV were erased.", data: [] };
    },
  );
}

/** Sends a stored CV so that no browser renders it from our origin. */
function sendCv(reply: FastifyReply, cv: { name: string; bytes: Buffer }) {
  return (
    reply
      // A generic type with the attachment: no browser or viewer is invited to open it in place.
      .type("application/octet-stream")
      .header("Content-Disposition", attachmentHeader(cv.name))
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "sandbox")
      .header("Cache-Control", "private, no-store")
      .send(cv.bytes)
  );
}
