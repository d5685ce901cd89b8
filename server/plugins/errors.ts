import type { FastifyError, FastifyInstance } from "fastify";
import { causes } from "../../domain/errors";
import { HttpError } from "../errors";

const GENERIC_5XX = "Something went wrong on our side. Please try again later.";
export const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
/** Retry-After of a 429 whose limit did not say how long it lasts. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

// Network errors and PostgreSQL's "cannot serve now" states (connection exceptions, shutdown, too many
// connections, cancelled by statement_timeout); anything else stays a 500.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Cannot use a pool after calling end/i;

// Text PostgreSQL cannot store (a NUL byte, an invalid or untranslatable character): the input's fault.
const UNSTORABLE_TEXT_SQLSTATE = new Set(["22021", "22P05"]);
export const UNSTORABLE_TEXT =
  "The request contains characters that cannot be stored (such as a NUL byte). Remove them and try again.";

function sqlState(error: unknown, accept: (code: string) => boolean): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && accept(code)) return true;
  }
  return false;
}

/** True when an error (or one it wraps) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The one place that turns errors into answers: 4xx say what to fix, 5xx say nothing internal. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status === 500 && sqlState(error, (code) => UNSTORABLE_TEXT_SQLSTATE.has(code))) {
      return reply.status(400).send({ success: false, message: UNSTORABLE_TEXT, data: [] });
    }
    // A database, or the shared rate-limit counter (plugins/rate-limit.ts), that cannot be reached.
    if ((status === 500 && isDatabaseUnavailable(error)) || status === 503) {
      if (status === 500) request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("Retry-After", "5")
        .send({ success: false, message: UNAVAILABLE, data: [], request_id: request.id });
    }
    // Our own "busy, come back" answers (the image queue) say so; any other 5xx says nothing internal.
    if (status === 503 && error instanceof HttpError) {
      request.log.warn({ reason: error.message }, "busy");
      return reply
        .status(503)
        .header("Retry-After", "30")
        .send({ success: false, message: error.message, data: [] });
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(status)
        .send({ success: false, message: GENERIC_5XX, data: [], request_id: request.id });
    }
    // Every limit says when to come back; one that does not know says a minute.
    if (status === 429 && !reply.hasHeader("retry-after"))
      reply.header(
        "Retry-After",
        String((error instanceof HttpError && error.retryAfterSeconds) || DEFAULT_RETRY_AFTER_SECONDS),
      );
    const fields = error instanceof HttpError ? error.fields : undefined;
    const reason = error instanceof HttpError ? error.reason : undefined;
    const message =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? tooLarge(request.routeOptions.bodyLimit)
          : publicMessage(
              status,
              "validation" in error && error.validation ? "The request is not valid." : error.message,
            );
    return reply.status(status).send({
      success: false,
      message,
      ...(reason ? { reason } : {}),
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

/** 413 with the limit of the route that refused the body, e.g. "… accepts at most 16 KB." */
function tooLarge(limit: number | undefined): string {
  if (!limit) return "The request body is too large.";
  const size =
    limit >= 1024 * 1024 ? `${+(limit / 1024 / 1024).toFixed(1)} MB` : `${Math.round(limit / 1024)} KB`;
  return `The request body is too large: this address accepts at most ${size}.`;
}

// Framework messages for malformed bodies are fine to show but are reworded for people.
function publicMessage(status: number, message: string): string {
  if (status === 415) return "Send the request body as JSON (Content-Type: application/json).";
  if (/JSON/.test(message) && status === 400) return "The request body is not valid JSON.";
  return message;
}
