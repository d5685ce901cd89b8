import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { AuthenticatedOperator } from "../../domain/auth/service";
import { HttpError } from "../errors";

/** What a route needs: anyone, a signed-in editor (or admin), or an admin. */
export type Access = "public" | "editor" | "admin";

/** The Zod schemas a route validates its request parts with (OpenAPI and the fuzzer read them). */
export interface RouteSchema {
  querystring?: ZodType;
  params?: ZodType;
  body?: ZodType;
  response?: Record<number, ZodType>;
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  schema?: RouteSchema;
  /** The route has its own rate limit (answers 429). */
  rateLimited?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with what it needs; the role-matrix test walks this list. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Every /api route must declare `config.access`; start-up fails otherwise, so no route can be
 * forgotten. Non-public answers are never cached. The check runs when the request arrives, before its
 * body is read.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest("operator", null);
  app.decorate("apiRoutes", []);

  app.addHook("onRoute", (route) => {
    const isApi = route.url.startsWith("/api/") && route.url !== "/api/*";
    if (!isApi) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== "HEAD")
        app.apiRoutes.push({
          method,
          url: route.url,
          access,
          schema: route.schema as RouteSchema | undefined,
          rateLimited: route.config !== undefined && "rateLimit" in route.config,
        });
    }
  });

  // onRequest runs before the body is read: a request without a valid token (or role) is answered before
  // a byte of its body is parsed, so anonymous clients cannot make the server parse megabytes of JSON.
  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    reply.header("Cache-Control", "no-store");
    const token = bearer(request);
    if (!token) {
      request.log.warn({ path: request.routeOptions.url, reason: "no token" }, "authorization failed");
      throw new HttpError(401, "Unauthorized");
    }
    try {
      request.operator = await app.services.auth.authenticate(token);
    } catch (error) {
      request.log.warn(
        { path: request.routeOptions.url, reason: error instanceof Error ? error.message : "invalid" },
        "authorization failed",
      );
      throw error;
    }
    if (access === "admin" && request.operator.role !== "admin") {
      request.log.warn(
        { path: request.routeOptions.url, operator: request.operator.username },
        "authorization failed: admin only",
      );
      throw new HttpError(403, "This action needs an administrator.");
    }
  });
}

/** The signed-in operator of a protected route (the access hook guarantees one). */
export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new HttpError(401, "Unauthorized");
  return request.operator;
}
