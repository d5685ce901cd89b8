import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { PassThrough } from "node:stream";
import { z } from "zod";
import { csvAnswerSchema, dataAnswerOf, recordAnswerOf, textAnswer } from "#schemas/api-responses.ts";
import {
  importBatchSchema,
  importCheckSchema,
  importIdParams,
  importListQuerySchema,
  importPlanSchema,
  importSpecs,
  importTypeQuery,
  MAX_IMPORT_BYTES,
  stagedImportSchema,
  type ImportProgressLine,
} from "#schemas/imports.ts";
import { DomainError } from "#domain/errors.ts";
import { currentOperator } from "../plugins/access";
import { statusOf } from "../plugins/errors";
import type { ZodProvider } from "../zod-provider";
import { sendCsv } from "./crud";

/** Room for the multipart framing around the file. */
const FRAMING_ALLOWANCE = 64 * 1024;
const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files (10,000 rows at most each) and import them one by one.`;
const tooLarge = () => new DomainError("too_large", TOO_LARGE, { fields: { file: TOO_LARGE } });

/** The file's bytes as they arrive; busboy stops at the size limit, which is then refused. */
async function* bytesOf(file: MultipartFile): AsyncGenerator<Uint8Array> {
  for await (const chunk of file.file as AsyncIterable<Buffer>) yield chunk;
  if (file.file.truncated) throw tooLarge();
}

/** The uploaded file's own name, as text to show: no path, no control characters. */
const displayName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 120) || "upload.csv";

/** Spreadsheet import into the directory and the CRM (admin, as their lists): docs/api.md, ADR 0015. */
export async function importRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const app = fastify.withTypeProvider<ZodProvider>();
  const { imports } = app.services;
  const admin = { access: "admin" as const };

  app.get(
    "/api/imports",
    {
      config: admin,
      schema: {
        querystring: importListQuerySchema,
        response: { 200: dataAnswerOf(z.array(importBatchSchema)) },
      },
    },
    async (request) => ({ success: true, data: await imports.recent(request.query.type) }),
  );

  app.post(
    "/api/imports",
    {
      config: admin,
      bodyLimit: MAX_IMPORT_BYTES + FRAMING_ALLOWANCE,
      // A declared size over the limit is refused before a byte of the body is read.
      onRequest: async (request) => {
        if (Number(request.headers["content-length"] ?? 0) > MAX_IMPORT_BYTES + FRAMING_ALLOWANCE)
          throw tooLarge();
      },
      schema: {
        querystring: importTypeQuery,
        response: { 201: recordAnswerOf(stagedImportSchema) },
      },
    },
    async (request, reply) => {
      const { type } = request.query;
      if (!request.isMultipart())
        throw new DomainError("invalid", "Send the CSV file as multipart/form-data, in a field named file.");
      let file: MultipartFile | undefined;
      try {
        file = await request.file();
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413) throw tooLarge();
        if (status && status < 500) throw error;
        // busboy's own parse errors (a body that is not the multipart it claims to be) carry no status.
        throw new DomainError(
          "invalid",
          "The upload is not valid multipart/form-data: send the file in a field named file.",
        );
      }
      if (!file || file.fieldname !== "file") {
        file?.file.resume();
        throw new DomainError("invalid", "Choose a CSV file to import (the form field is named file).");
      }
      try {
        const data = await imports.stage(
          currentOperator(request),
          type,
          displayName(file.filename),
          bytesOf(file),
        );
        return reply.status(201).send({
          success: true,
          message: `${data.row_count.toLocaleString("en-IN")} rows read from ${data.file_name}.`,
          data,
        });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413 || file.file.truncated) throw tooLarge();
        throw error;
      } finally {
        // Whatever was not read (a refused file) is drained, so the connection can answer.
        file.file.resume();
      }
    },
  );

  app.post(
    "/api/imports/:id/check",
    {
      config: admin,
      schema: {
        params: importIdParams,
        body: importPlanSchema,
        response: { 200: recordAnswerOf(importCheckSchema) },
      },
    },
    async (request) => ({ success: true, data: await imports.check(request.params.id, request.body) }),
  );

  app.post(
    "/api/imports/:id/commit",
    {
      config: admin,
      // Progress lines must reach the browser as they are written, not when a compressor flushes.
      compress: false,
      schema: {
        params: importIdParams,
        body: importPlanSchema,
        response: {
          200: textAnswer(
            "application/x-ndjson",
            'One JSON object per line: {"type":"progress","done","total"} after each step, then {"type":"done","data":<import>,"message"} or, when the transaction failed and nothing was imported, {"type":"error","status","message"}.',
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = currentOperator(request);
      let stream: PassThrough | null = null;
      const send = (line: ImportProgressLine) => {
        if (!stream) {
          stream = new PassThrough();
          reply.type("application/x-ndjson; charset=utf-8").send(stream);
        }
        stream.write(`${JSON.stringify(line)}\n`);
      };
      try {
        const data = await imports.commit(actor, request.params.id, request.body, (done, total) =>
          send({ type: "progress", done, total }),
        );
        const spec = importSpecs[data.type];
        const counts = data.counts!;
        send({
          type: "done",
          data,
          message: `Imported ${data.file_name}: ${counts.new.toLocaleString("en-IN")} new, ${counts.updated.toLocaleString("en-IN")} updated ${spec.plural}.`,
        });
      } catch (error) {
        // Before the first line the answer is an ordinary error; after it, the last line says what failed.
        if (!stream) throw error;
        const status = error instanceof DomainError ? statusOf(error) : 500;
        if (status >= 500) request.log.error({ err: error }, "import commit failed");
        send({
          type: "error",
          status,
          message:
            error instanceof DomainError
              ? error.message
              : "The import failed on our side and nothing was imported. Please try again.",
        });
      }
      (stream as PassThrough | null)?.end();
      return reply;
    },
  );

  app.post(
    "/api/imports/:id/undo",
    {
      config: admin,
      schema: { params: importIdParams, response: { 200: recordAnswerOf(importBatchSchema) } },
    },
    async (request) => {
      const { batch, message } = await imports.undo(currentOperator(request), request.params.id);
      return { success: true, message, data: batch };
    },
  );

  app.get(
    "/api/imports/:id/failed_rows.csv",
    { config: admin, schema: { params: importIdParams, response: { 200: csvAnswerSchema } } },
    async (request, reply) => {
      const { name, csv } = await imports.failedRows(request.params.id);
      return sendCsv(reply, name, csv);
    },
  );
}
