import type { FastifyInstance } from "fastify";
import { DomainError } from "#domain/errors.ts";

/**
 * Most levels of arrays and objects a JSON body may nest. No route's body nests more than a few; V8's
 * JSON.parse holds the event loop ~0.3 s for a 1 MB body of nested brackets, which a signed-in client could
 * send in a loop, so deeper bodies are refused by a linear scan before they are parsed.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body nests more than ${MAX_JSON_DEPTH} levels of arrays or objects; send it flatter.`;

/** Whether `text` nests arrays or objects deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser with the same parser behind the depth check. Register before the routes. */
export function registerJsonDepthLimit(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new DomainError("invalid", TOO_DEEP), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
