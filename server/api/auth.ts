import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loginSchema, type LoginResponse, type RefreshResponse } from "../../schemas/auth";
import { REFRESH_HEADER, REFRESH_HEADER_VALUE } from "../../shared/auth";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

export const REFRESH_COOKIE = "refresh_token";
const REFRESH_PATH = "/refresh_token";

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const cookieOptions = {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: app.config.NODE_ENV === "production" && app.config.PUBLIC_BASE_URL.startsWith("https:"),
    path: REFRESH_PATH,
  };

  app.post(
    "/api/auth/login",
    {
      config: { access: "public", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: loginSchema },
    },
    async (request, reply): Promise<LoginResponse> => {
      const input = request.body;
      try {
        const session = await app.services.auth.login({ ...input, ip: request.ip });
        request.log.info({ username: input.username, ip: request.ip, outcome: "success" }, "sign-in");
        reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
          ...cookieOptions,
          maxAge: app.config.REFRESH_TOKEN_TTL_DAYS * 86_400,
        });
        reply.header("Cache-Control", "no-store");
        return {
          access_token: session.accessToken,
          user_id: session.operator.id,
          username: session.operator.username,
          role: session.operator.role,
        };
      } catch (error) {
        request.log.warn(
          {
            username: input.username,
            ip: request.ip,
            outcome: error instanceof Error ? error.message : "failed",
          },
          "sign-in",
        );
        throw error;
      }
    },
  );

  const refresh = async (request: FastifyRequest, reply: FastifyReply): Promise<RefreshResponse> => {
    reply.header("Cache-Control", "no-store");
    if (!sameSite(request, app.config.PUBLIC_BASE_URL)) {
      reply.status(403);
      return { error_code: 403, message: "Cross-site refresh requests are not allowed.", data: {} };
    }
    if (!fromConsoleScript(request)) {
      reply.status(403);
      return {
        error_code: 403,
        message: "The session is refreshed by the console itself; this request was left alone.",
        data: {},
      };
    }
    const token = request.cookies[REFRESH_COOKIE];
    const session = token ? await app.services.auth.refresh(token) : null;
    if (!session) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return { error_code: 401, message: "Your session has ended. Please sign in again.", data: {} };
    }
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieOptions,
      maxAge: app.config.REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
    return { error_code: 200, data: { access_token: session.accessToken } };
  };
  app.get(REFRESH_PATH, { config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, refresh);
  app.post(REFRESH_PATH, { config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, refresh);

  app.post("/api/auth/logout", { config: { access: "editor" } }, async (request, reply) => {
    await app.services.auth.revokeFamily(currentOperator(request).familyId);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    return { success: true, message: "Signed out.", data: [] };
  });

  app.get("/api/auth/me", { config: { access: "editor" } }, async (request) => {
    const operator = currentOperator(request);
    return {
      success: true,
      data: { user_id: operator.operatorId, username: operator.username, role: operator.role },
    };
  });
}

// The refresh cookie is SameSite=Strict already; checking the origin too stops any cross-site use.
function sameSite(request: FastifyRequest, publicBaseUrl: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  const allowed = new Set([new URL(publicBaseUrl).origin, `${request.protocol}://${request.host}`]);
  return allowed.has(origin);
}

/**
 * Rotation changes state, so only the console's own script may ask for it: never an <img>, a link, a form
 * or a prefetch that a published post or another page could make a signed-in operator's browser send
 * (they would sign the operator out). Fetch metadata, when the browser sends it, must say "a fetch() in
 * CORS or same-origin mode"; without it, the console's header must be there (no markup can add a header).
 */
function fromConsoleScript(request: FastifyRequest): boolean {
  const dest = request.headers["sec-fetch-dest"];
  const mode = request.headers["sec-fetch-mode"];
  if (dest !== undefined && dest !== "empty") return false;
  if (mode !== undefined && mode !== "cors" && mode !== "same-origin") return false;
  return dest === "empty" || request.headers[REFRESH_HEADER] === REFRESH_HEADER_VALUE;
}
