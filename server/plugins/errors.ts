import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { causes, DomainError, type DomainErrorCode } from "#domain/errors.ts";

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

/** How the edge answers each domain error: its status, and for some a Retry-After and a fixed message. */
export const ERROR_ANSWERS: Record<
  DomainErrorCode,
  { status: number; retryAfterSeconds?: (error: DomainError) => number; message?: string }
> = {
  invalid: { status: 400 },
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  too_large: { status: 413 },
  unprocessable: { status: 422 },
  // Every limit says when to come back; one that does not know says a minute.
  rate_limited: { status: 429, retryAfterSeconds: (e) => e.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS },
  // A full queue (images, file checks) says so and when to try again.
  busy: { status: 503, retryAfterSeconds: () => 30 },
  // A database or shared counter that cannot be reached: nothing internal is said.
  unavailable: { status: 503, retryAfterSeconds: () => 5, message: UNAVAILABLE },
};

/** The status an error is answered with (a route that answers errors its own way asks this). */
export function statusOf(error: unknown): number {
  if (error instanceof DomainError) return ERROR_ANSWERS[error.code].status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/** The one place that turns errors into answers: 4xx say what to fix, 5xx say nothing internal. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(error, request, reply);
    const status = statusOf(error);
    if (status === 500 && sqlState(error, (code) => UNSTORABLE_TEXT_SQLSTATE.has(code)))
      return sendDomainError(new DomainError("invalid", UNSTORABLE_TEXT), request, reply);
    // A database that cannot be reached, or a framework 503.
    if ((status === 500 && isDatabaseUnavailable(error)) || status === 503) {
      if (status === 500) request.log.error({ err: error }, "database unavailable");
      return sendDomainError(new DomainError("unavailable", UNAVAILABLE), request, reply);
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(status)
        .send({ success: false, message: GENERIC_5XX, data: [], request_id: request.id });
    }
    if (status === 429 && !reply.hasHeader("retry-after"))
      reply.header("Retry-After", String(DEFAULT_RETRY_AFTER_SECONDS));
    const message =
      status === 413
        ? tooLarge(request.routeOptions.bodyLimit)
        : publicMessage(
            status,
            "validation" in error && error.validation ? "The request is not valid." : error.message,
          );
    return reply.status(status).send({ success: false, message, data: [] });
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

/** A domain error as its code's answer: the thrower's message (or the code's own), its fields and reason. */
function sendDomainError(error: DomainError, request: FastifyRequest, reply: FastifyReply) {
  const answer = ERROR_ANSWERS[error.code];
  if (error.code === "busy") request.log.warn({ reason: error.message }, "busy");
  // A limit that already set its own header (@fastify/rate-limit) keeps it.
  if (answer.retryAfterSeconds && !reply.hasHeader("retry-after"))
    reply.header("Retry-After", String(answer.retryAfterSeconds(error)));
  return reply.status(answer.status).send({
    success: false,
    message: answer.message ?? error.message,
    ...(error.reason ? { reason: error.reason } : {}),
    data: [],
    ...(error.fields ? { errors: error.fields } : {}),
    ...(answer.status >= 500 ? { request_id: request.id } : {}),
  });
}
