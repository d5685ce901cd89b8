import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { networkInterfaces } from "node:os";
import type { ZodType } from "zod";
import type { AuthenticatedOperator } from "#domain/auth/service.ts";
import { REAUTH_REQUIRED, REAUTH_REQUIRED_REASON, TWO_FACTOR_ENROLMENT_REQUIRED } from "#shared/auth.ts";
import { DomainError } from "#domain/errors.ts";

/** What a route needs: anyone, a signed-in editor (or admin), or an admin. */
export type Access = "public" | "editor" | "admin";

/** The Zod schemas a route validates its request parts with (OpenAPI and the fuzzer read them). */
export interface RouteSchema {
  querystring?: ZodType;
  params?: ZodType;
  body?: ZodType;
  response?: Record<string, ZodType>;
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
    /** Every route with an access level (/api, /jobs/:jobId, /refresh_token): OpenAPI documents this list. */
    apiRoutes: ApiRoute[];
    /**
     * A random key, new for each process, that stands in for an admin on the routes that accept it
     * (`config.localKey`), from this machine only. server/main.ts writes it to DATA_DIR/server.json
     * (mode 0600) for `npm run db:backup` (docs/decisions/0009-online-backup.md).
     */
    localKey: string;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Also accept `Authorization: Local <app.localKey>` from a local address (admin routes only). */
    localKey?: boolean;
    /** Open to an operator who must set up two-factor sign-in first (enrolment, who am I, sign out). */
    duringEnrolment?: boolean;
    /**
     * Changes how someone signs in: needs the password (or a code) confirmed in this session within the last
     * few minutes, checked before the body is read (see requireReauth).
     */
    reauth?: boolean;
  }
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** Who a request made with the local key acts as: an admin that is no operator of the database. */
export const LOCAL_OPERATOR: AuthenticatedOperator = {
  operatorId: 0,
  username: "local (server.json)",
  role: "admin",
  familyId: "",
};

function isLocalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, "");
  if (plain === "::1" || plain.startsWith("127.")) return true;
  // Reached through one of this machine's own addresses (HOST set to a specific interface).
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === plain));
}

function presentsLocalKey(app: FastifyInstance, request: FastifyRequest): boolean {
  const match = /^Local\s+([A-Za-z0-9_-]+)$/.exec(request.headers.authorization?.trim() ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(app.localKey);
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  // The socket's own address, never X-Forwarded-For; and nothing relayed by a proxy on this machine.
  const relayed = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  if (!valid || relayed || !isLocalAddress(request.socket.remoteAddress)) {
    request.log.warn({ path: request.routeOptions.url, reason: "local key refused" }, "authorization failed");
    throw new DomainError("unauthorized", "Unauthorized");
  }
  return true;
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
  app.decorate("localKey", randomBytes(32).toString("base64url"));

  app.addHook("onRoute", (route) => {
    const isApi = route.url.startsWith("/api/") && route.url !== "/api/*";
    const access = route.config?.access;
    // Routes outside /api that declare an access level (the spec's /jobs/:jobId, /refresh_token) are API too.
    if (!access && !isApi) return;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    if (route.config?.localKey && access !== "admin")
      throw new Error(`Route ${route.method} ${route.url} accepts the local key but is not admin-only`);
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== "HEAD")
        app.apiRoutes.push({
          method,
          url: route.url,
          access,
          schema: route.schema as RouteSchema | undefined,
          rateLimited:
            route.config !== undefined && ("rateLimit" in route.config || "acceptedPosts" in route.config),
        });
    }
  });

  // onRequest runs before the body is read: a request without a valid token (or role) is answered before
  // a byte of its body is parsed, so anonymous clients cannot make the server parse megabytes of JSON.
  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    reply.header("Cache-Control", "no-store");
    if (request.routeOptions.config.localKey && presentsLocalKey(app, request)) {
      request.operator = LOCAL_OPERATOR;
      return;
    }
    const token = bearer(request);
    if (!token) {
      request.log.warn({ path: request.routeOptions.url, reason: "no token" }, "authorization failed");
      throw new DomainError("unauthorized", "Unauthorized");
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
    // Checked on every request from the database (domain/auth/service.ts authenticate), never in the UI only.
    if (request.operator.enrolmentOnly && !request.routeOptions.config.duringEnrolment) {
      request.log.warn(
        { path: request.routeOptions.url, operator: request.operator.username },
        "authorization failed: two-factor enrolment required",
      );
      throw new DomainError("forbidden", TWO_FACTOR_ENROLMENT_REQUIRED);
    }
    if (access === "admin" && request.operator.role !== "admin") {
      request.log.warn(
        { path: request.routeOptions.url, operator: request.operator.username },
        "authorization failed: admin only",
      );
      throw new DomainError("forbidden", "This action needs an administrator.");
    }
    if (request.routeOptions.config.reauth) requireReauth(request);
  });
}

/**
 * "Sudo mode" (domain/auth/service.ts): a change of sign-in details needs a token minted by a confirmation
 * of the password in the last few minutes, so an access token alone, stolen or left open, cannot make one.
 * The local key (a command on this machine) is not asked. Answers 403 with reason `reauth_required`.
 */
export function requireReauth(request: FastifyRequest) {
  const operator = currentOperator(request);
  if (operator === LOCAL_OPERATOR || operator.reauthenticated) return;
  request.log.info(
    { path: request.routeOptions.url, operator: operator.username },
    "re-authentication required",
  );
  throw new DomainError("forbidden", REAUTH_REQUIRED, { reason: REAUTH_REQUIRED_REASON });
}

/** The signed-in operator of a protected route (the access hook guarantees one). */
export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new DomainError("unauthorized", "Unauthorized");
  return request.operator;
}
