import { z } from "zod";
import { passwordSchema } from "./operator";
import { totpCodeSchema } from "./two-factor";

export const loginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, "Enter your username").max(100, "Username is too long"),
  password: z.string().min(1, "Enter your password").max(200, "Password is too long"),
});
export type LoginInput = z.input<typeof loginSchema>;

export const loginAnswerSchema = z.object({
  access_token: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  role: z.enum(["admin", "editor"]),
  two_factor_enrolment_required: z
    .boolean()
    .optional()
    .describe("The role requires two-factor sign-in: until it is set up, only enrolment is allowed."),
  recovery_codes_left: z.number().int().optional().describe("After a sign-in with a second factor."),
});
export type LoginResponse = z.output<typeof loginAnswerSchema>;

/** The spec's refresh answer: `error_code` mirrors the outcome (200, 401, 403) inside the body. */
export const refreshAnswerSchema = z.object({
  error_code: z.number().int(),
  message: z.string().optional(),
  data: z.union([z.object({ access_token: z.string() }), z.object({})]),
});
export type RefreshResponse = z.output<typeof refreshAnswerSchema>;

/** GET /api/auth/me: who the token belongs to. */
export const currentOperatorAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    user_id: z.number().int(),
    username: z.string(),
    role: z.enum(["admin", "editor"]),
    two_factor_enrolment_required: z.boolean(),
  }),
});

/** "Change your password" in the console: the current one proves it is the operator at the keyboard. */
export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1, "Enter your current password").max(200, "Password is too long"),
    new_password: passwordSchema,
  })
  .strict()
  .refine((input) => input.current_password !== input.new_password, {
    path: ["new_password"],
    message: "Choose a password other than the current one",
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** One signed-in device of an operator, as "Signed-in devices" lists it. */
export const deviceSchema = z.object({
  id: z.number().int(),
  browser: z.string(),
  system: z.string(),
  address: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean().describe("The session this request was made with."),
});
export type Device = z.infer<typeof deviceSchema>;

/** "Confirm it's you": the password, or (two-factor on) a current code from the authenticator app. */
export const reauthSchema = z
  .object({
    password: z.string().min(1, "Enter your password").max(200, "Password is too long").optional(),
    code: totpCodeSchema.optional(),
  })
  .strict()
  .refine((input) => (input.password === undefined) !== (input.code === undefined), {
    path: ["password"],
    message: "Enter your password (or send a code from your authenticator app instead)",
  });
export type Reauth = z.infer<typeof reauthSchema>;

export const reauthAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    access_token: z
      .string()
      .describe(
        "Use this token from now on: only it (and the session's refreshes) may change sign-in details.",
      ),
    valid_until: z.string().describe("Until when the confirmation lets this session change sign-in details."),
  }),
});
