import type { FastifyInstance } from "fastify";
import { setTimeout as delay } from "node:timers/promises";
import { messageAnswerSchema, recordAnswerOf } from "#schemas/api-responses.ts";
import {
  emailUndoSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  ownAccountSchema,
  ownEmailSchema,
  passwordResetSchema,
} from "#schemas/password-reset.ts";
import { DomainError } from "#domain/errors.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

/** Links one account may be sent per hour; further requests are answered alike and send nothing. */
export const RESET_REQUESTS_PER_ACCOUNT = 3;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Every "Forgot password?" answer takes at least this long, so a match cannot be told by the time taken. */
export const FORGOT_ANSWER_FLOOR_MS = 300;

export const PASSWORD_RESET_DONE =
  "Your password has been changed, and every device signed in to your account has been signed out. Sign in with your new password.";

/** "Forgot password?" and the reset link's page; your own e-mail address. */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();

  app.post(
    "/api/auth/forgot_password",
    {
      // Per address, shared by every instance (the public forms' limit), counting only posts that pass
      // validation (a mistyped field costs nothing); per account below.
      config: { access: "public", acceptedPosts: "forgot-password" },
      schema: { body: forgotPasswordSchema, response: { 200: messageAnswerSchema } },
    },
    async (request, reply) => {
      const floor = delay(FORGOT_ANSWER_FLOOR_MS);
      await app.services.passwordReset.request({
        login: request.body.login,
        ip: request.ip,
        baseUrl: await app.services.publicAddress.url(),
        allow: async (key) =>
          (await app.rateLimitCounter.hit(`forgot-password:${key}`, ACCOUNT_WINDOW_MS)).current <=
          RESET_REQUESTS_PER_ACCOUNT,
      });
      await floor;
      reply.header("Cache-Control", "no-store");
      return { success: true as const, message: FORGOT_PASSWORD_ANSWER, data: [] };
    },
  );

  app.post(
    "/api/auth/reset_password",
    {
      config: { access: "public", rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: { body: passwordResetSchema, response: { 200: messageAnswerSchema } },
    },
    async (request, reply) => {
      await app.services.passwordReset.reset(request.body, request.ip);
      reply.header("Cache-Control", "no-store");
      return { success: true as const, message: PASSWORD_RESET_DONE, data: [] };
    },
  );

  const ownAccount = async (operatorId: number) => {
    const row = await app.services.operators.get(operatorId);
    if (!row) throw new DomainError("not_found", "Your account no longer exists.");
    return { user_id: row.id, username: row.username, email: row.email, role: row.role };
  };

  app.get(
    "/api/auth/account",
    { config: { access: "editor" }, schema: { response: { 200: recordAnswerOf(ownAccountSchema) } } },
    async (request) => ({
      success: true as const,
      data: await ownAccount(currentOperator(request).operatorId),
    }),
  );

  app.post(
    "/api/auth/email_change/undo",
    {
      config: { access: "public", rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: { body: emailUndoSchema, response: { 200: messageAnswerSchema } },
    },
    async (request, reply) => {
      const { email } = await app.services.passwordReset.undoEmailChange(request.body.token, request.ip);
      reply.header("Cache-Control", "no-store");
      return {
        success: true as const,
        message: `Your e-mail address is ${email} again, and every device signed in to your account has been signed out. Your password no longer works: we have sent a link to set a new password to ${email}.`,
        data: [],
      };
    },
  );

  // A new address would receive the next reset link: the operator's password confirmed first.
  app.patch(
    "/api/auth/account",
    {
      config: { access: "editor", reauth: true },
      schema: { body: ownEmailSchema, response: { 200: recordAnswerOf(ownAccountSchema) } },
    },
    async (request) => {
      const who = currentOperator(request);
      await app.services.operators.setOwnEmail(who, request.body.email, request.ip);
      return {
        success: true as const,
        message: request.body.email ? "E-mail address saved." : "E-mail address removed.",
        data: await ownAccount(who.operatorId),
      };
    },
  );
}
