import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { assertSafeFileName, MAX_UPLOAD_BYTES } from "#domain/media/service.ts";
import { recordAnswerOf } from "#schemas/api-responses.ts";
import { storedImageSchema } from "#schemas/media.ts";
import { DomainError } from "#domain/errors.ts";
import { z } from "zod";

/** `?shape=square`: a portrait, cropped square (a team member's photo). */
const uploadQuery = z.object({ shape: z.enum(["square"]).optional() });

export async function uploadRoutes(app: FastifyInstance) {
  // preservePath keeps "../x.jpg" intact so such names can be refused rather than silently trimmed.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
  });

  app.withTypeProvider<ZodProvider>().post(
    "/api/uploads",
    {
      config: { access: "editor" },
      bodyLimit: MAX_UPLOAD_BYTES + 1_048_576,
      schema: { querystring: uploadQuery, response: { 201: recordAnswerOf(storedImageSchema) } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new DomainError("invalid", "Send the image as multipart/form-data in a field named file.");
      const tooLarge = () => new DomainError("too_large", "Images must be 10 MB or smaller.");
      let buffer: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new DomainError("invalid", "Choose an image to upload.");
        assertSafeFileName(file.filename);
        buffer = await file.toBuffer();
        // toBuffer() misses the limit when the byte that crosses it arrives in a read of its own (busboy
        // then cuts the file without another chunk): the cut file went on as an image and answered 400.
        if (file.file.truncated) throw tooLarge();
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413) throw tooLarge();
        if (error instanceof DomainError || (status && status < 500)) throw error;
        // busboy's own parse errors (a body that is not the multipart it claims to be) carry no status.
        throw new DomainError(
          "invalid",
          "The upload is not valid multipart/form-data: send the image in a field named file.",
        );
      }
      const data = await app.services.media.storeImage(buffer, { square: request.query.shape === "square" });
      request.log.info({ id: data.id, bytes: buffer.length }, "image stored");
      return reply.status(201).send({ success: true, message: "Image uploaded.", data });
    },
  );
}
