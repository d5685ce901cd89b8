import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "../errors";

const GENERIC_5XX = "Something went wrong on our side. Please try again later.";

/** The one place that turns errors into answers: 4xx say what to fix, 5xx say nothing internal. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ success: false, message: GENERIC_5XX, data: [] });
    }
    const fields = error instanceof HttpError ? error.fields : undefined;
    const message =
      error instanceof HttpError
        ? error.message
        : publicMessage(status, "validation" in error && error.validation ? "The request is not valid." : error.message);
    return reply.status(status).send({
      success: false,
      message,
      data: [],
      ...(fields ? { errors: fields } : {}),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      success: false,
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
      data: [],
    });
  });
}

// Framework messages for malformed bodies are fine to show but are reworded for people.
function publicMessage(status: number, message: string): string {
  if (status === 415) return "Send the request body as JSON (Content-Type: application/json).";
  if (status === 413) return "The request body is too large.";
  if (/JSON/.test(message) && status === 400) return "The request body is not valid JSON.";
  return message;
}
