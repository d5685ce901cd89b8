import { z } from "zod";

/** At or below this many unused recovery codes the console warns. */
export const FEW_RECOVERY_CODES = 3;

/** A six-digit code from the authenticator app (spaces allowed, as some apps show "123 456"). */
export const totpCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A recovery code as shown (xxxx-xxxx-xxxx-xxxx); dashes and case do not matter. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter one of your recovery codes")
  .max(40, "A recovery code has 16 letters and digits");

/** Sign-in, second step: the challenge from the password step and either a code or a recovery code. */
export const secondFactorSchema = z
  .object({
    challenge: z.string().min(1, "The sign-in challenge is missing: sign in again").max(2000),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .strict()
  .refine((input) => (input.code === undefined) !== (input.recovery_code === undefined), {
    path: ["code"],
    message: "Send either code or recovery_code",
  });
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

/** The password step's answer when the account has a second factor: no tokens yet. */
export const secondFactorNeededSchema = z.object({
  second_factor_required: z.literal(true),
  challenge: z.string().describe("Valid 5 minutes; POST it with a code to /api/auth/login/second_factor."),
  message: z.string(),
});

/** Where the operator stands: on, required by their role, and how many recovery codes are left. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  required: z.boolean().describe("The operator's role requires a second factor."),
  enrolment_required: z.boolean().describe("Required and not set up: only enrolment is allowed."),
  recovery_codes_left: z.number().int(),
  few_recovery_codes: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret to add to the authenticator app; nothing is stored until a code from it is confirmed. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe("The key in base32, for typing into the app."),
  otpauth_uri: z.string(),
  qr_code: z.string().describe("The otpauth URI as an SVG QR code (data URL), drawn on this server."),
  setup_token: z.string().describe("Send it back with the first code; valid 15 minutes."),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z
  .object({
    setup_token: z.string().min(1, "Start the set-up again").max(1000),
    code: totpCodeSchema,
  })
  .strict();
export type TwoFactorEnable = z.infer<typeof twoFactorEnableSchema>;

export const recoveryCodesRequestSchema = z.object({ code: totpCodeSchema }).strict();

/** Recovery codes in plain text: answered once, when made. */
export const recoveryCodesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    recovery_codes: z.array(z.string()),
    access_token: z.string().optional().describe("A token for the whole console, after enrolment."),
  }),
});

/** Which roles must sign in with a second factor. */
export const twoFactorPolicySchema = z
  .object({
    admin: z.boolean("admin must be true or false"),
    editor: z.boolean("editor must be true or false"),
  })
  .strict();
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
