import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { listAnswerOf, messageAnswerSchema } from "#schemas/api-responses.ts";
import {
  currentOperatorAnswerSchema,
  deviceSchema,
  loginAnswerSchema,
  loginSchema,
  passwordChangeSchema,
  reauthAnswerSchema,
  reauthSchema,
  refreshAnswerSchema,
  type LoginResponse,
  type RefreshResponse,
} from "#schemas/auth.ts";
import {
  recoveryCodesAnswerSchema,
  recoveryCodesRequestSchema,
  secondFactorNeededSchema,
  secondFactorSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "#schemas/two-factor.ts";
import type { Session } from "#domain/auth/service.ts";
import { recordId } from "#schemas/common.ts";
import { REAUTH_MINUTES, REFRESH_HEADER, REFRESH_HEADER_VALUE } from "#shared/auth.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

export const REFRESH_COOKIE = "refresh_token";
const REFRESH_PATH = "/refresh_token";

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const cookieOptions = {
    httpOnly: true,
    sameSite: "strict" as const,
    // From the variable only: an address saved in Site settings must not lock a plain-http console out.
    secure: app.config.NODE_ENV === "production" && Boolean(app.config.PUBLIC_BASE_URL?.startsWith("https:")),
    path: REFRESH_PATH,
  };

  app.post(
    "/api/auth/login",
    {
      config: { access: "public", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        body: loginSchema,
        response: { 200: z.union([loginAnswerSchema, secondFactorNeededSchema]) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      try {
        const outcome = await app.services.auth.login({
          ...input,
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        });
        reply.header("Cache-Control", "no-store");
        if (outcome.kind === "second_factor") {
          request.log.info({ username: input.username, ip: request.ip, outcome: "second factor" }, "sign-in");
          return {
            second_factor_required: true as const,
            challenge: outcome.challenge,
            message: "Enter the code from your authenticator app.",
          };
        }
        request.log.info({ username: input.username, ip: request.ip, outcome: "success" }, "sign-in");
        return {
          ...signedIn(reply, outcome.session),
          two_factor_enrolment_required: outcome.enrolmentRequired,
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

  /** Sets the refresh cookie of a new session and answers the spec's sign-in shape. */
  function signedIn(reply: FastifyReply, session: Session): LoginResponse {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieOptions,
      maxAge: app.config.REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
    return {
      access_token: session.accessToken,
      user_id: session.operator.id,
      username: session.operator.username,
      role: session.operator.role,
    };
  }

  // The second step of a sign-in with two-factor: throttled per account and address like the password.
  app.post(
    "/api/auth/login/second_factor",
    {
      config: { access: "public", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: secondFactorSchema, response: { 200: loginAnswerSchema } },
    },
    async (request, reply): Promise<LoginResponse> => {
      const { session, recoveryCodesLeft } = await app.services.auth.completeSignIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      request.log.info(
        { username: session.operator.username, ip: request.ip, outcome: "success" },
        "sign-in",
      );
      reply.header("Cache-Control", "no-store");
      return { ...signedIn(reply, session), recovery_codes_left: recoveryCodesLeft };
    },
  );

  const refresh = async (request: FastifyRequest, reply: FastifyReply): Promise<RefreshResponse> => {
    reply.header("Cache-Control", "no-store");
    if (!sameSite(request, await app.services.publicAddress.url())) {
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
    if (session.refreshToken)
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...cookieOptions,
        maxAge: app.config.REFRESH_TOKEN_TTL_DAYS * 86_400,
      });
    return { error_code: 200, data: { access_token: session.accessToken } };
  };
  // Public: the refresh cookie is the credential; its 403 answers keep the spec's refresh shape.
  const refreshRoute = {
    config: { access: "public" as const, rateLimit: { max: 60, timeWindow: 60_000 } },
    schema: { response: { 200: refreshAnswerSchema, 403: refreshAnswerSchema } },
  };
  app.get(REFRESH_PATH, refreshRoute, refresh);
  app.post(REFRESH_PATH, refreshRoute, refresh);

  const editor = { access: "editor" as const, duringEnrolment: true };
  /** Changes how the operator signs in: their password confirmed in this session first. */
  const sudo = { access: "editor" as const, reauth: true };

  // "Confirm it's you": the console asks for the password when a change answers reauth_required, then retries.
  app.post(
    "/api/auth/reauth",
    {
      config: { ...editor, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: reauthSchema, response: { 200: reauthAnswerSchema } },
    },
    async (request, reply) => {
      const confirmed = await app.services.auth.reauthenticate(
        currentOperator(request),
        request.body,
        request.ip,
      );
      reply.header("Cache-Control", "no-store");
      return {
        success: true as const,
        message: `Confirmed. For the next ${REAUTH_MINUTES} minutes this session can change how you sign in without asking again.`,
        data: { access_token: confirmed.accessToken, valid_until: confirmed.validUntil.toISOString() },
      };
    },
  );
  app.post(
    "/api/auth/logout",
    { config: editor, schema: { response: { 200: messageAnswerSchema } } },
    async (request, reply) => {
      await app.services.auth.logout(currentOperator(request));
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return { success: true, message: "Signed out.", data: [] };
    },
  );

  app.post(
    "/api/auth/password",
    {
      config: { access: "editor", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: passwordChangeSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await app.services.auth.changePassword(currentOperator(request), request.body, request.ip);
      return {
        success: true as const,
        message: "Password changed. Your other devices have been signed out.",
        data: [],
      };
    },
  );

  app.get(
    "/api/auth/sessions",
    { config: { access: "editor" }, schema: { response: { 200: listAnswerOf("sessions", deviceSchema) } } },
    async (request) => {
      const devices = await app.services.auth.devices(currentOperator(request));
      return { success: true as const, sessions_data: devices, total_no_of_data: devices.length };
    },
  );

  app.delete(
    "/api/auth/sessions/:id",
    {
      config: sudo,
      schema: { params: z.object({ id: recordId() }), response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await app.services.auth.endDevice(currentOperator(request), request.params.id);
      return { success: true as const, message: "That device has been signed out.", data: [] };
    },
  );

  app.post(
    "/api/auth/sessions/end_others",
    { config: sudo, schema: { response: { 200: messageAnswerSchema } } },
    async (request) => {
      await app.services.auth.endOtherDevices(currentOperator(request));
      return { success: true as const, message: "Your other devices have been signed out.", data: [] };
    },
  );

  app.get(
    "/api/auth/me",
    { config: editor, schema: { response: { 200: currentOperatorAnswerSchema } } },
    async (request) => {
      const operator = currentOperator(request);
      return {
        success: true,
        data: {
          user_id: operator.operatorId,
          username: operator.username,
          role: operator.role,
          two_factor_enrolment_required: operator.enrolmentOnly === true,
        },
      };
    },
  );

  app.get(
    "/api/auth/two_factor",
    {
      config: editor,
      schema: { response: { 200: z.object({ success: z.literal(true), data: twoFactorStatusSchema }) } },
    },
    async (request) => ({
      success: true as const,
      data: await app.services.twoFactor.status(currentOperator(request).operatorId),
    }),
  );

  app.post(
    "/api/auth/two_factor/setup",
    {
      config: { ...editor, reauth: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { response: { 200: z.object({ success: z.literal(true), data: twoFactorSetupSchema }) } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return {
        success: true as const,
        data: await app.services.twoFactor.beginSetup(currentOperator(request)),
      };
    },
  );

  app.post(
    "/api/auth/two_factor/enable",
    {
      config: { ...editor, reauth: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: twoFactorEnableSchema, response: { 200: recoveryCodesAnswerSchema } },
    },
    async (request) => {
      const who = currentOperator(request);
      const codes = await app.services.twoFactor.enable(who, request.body, request.ip);
      return {
        success: true as const,
        message:
          "Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.",
        // The enrolment-only limit is lifted for this session at once.
        data: { recovery_codes: codes, access_token: await app.services.auth.accessTokenFor(who) },
      };
    },
  );

  app.post(
    "/api/auth/two_factor/disable",
    { config: sudo, schema: { response: { 200: messageAnswerSchema } } },
    async (request) => {
      await app.services.twoFactor.disable(currentOperator(request), request.ip);
      return {
        success: true as const,
        message: "Two-factor sign-in is off. Your password alone signs you in now.",
        data: [],
      };
    },
  );

  // The current code in the body confirms the operator: no separate re-authentication.
  app.post(
    "/api/auth/two_factor/recovery_codes",
    {
      config: { access: "editor", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: recoveryCodesRequestSchema, response: { 200: recoveryCodesAnswerSchema } },
    },
    async (request) => {
      const codes = await app.services.twoFactor.regenerateRecoveryCodes(
        currentOperator(request),
        request.body.code,
        request.ip,
      );
      return {
        success: true as const,
        message: "New recovery codes made; the old ones no longer work. They are shown only now.",
        data: { recovery_codes: codes },
      };
    },
  );
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
