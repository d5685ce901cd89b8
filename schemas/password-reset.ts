import { z } from "zod";
import { operatorEmailSchema, passwordSchema } from "./operator";

/** How long a "Forgot password?" link works. */
export const RESET_LINK_MINUTES = 60;

/** The one answer to "Forgot password?", whether or not an account matched (it never says which). */
export const FORGOT_PASSWORD_ANSWER =
  "If an account matches, we've sent a link to reset its password to the e-mail address it has. The link works once, for 60 minutes.";

export const RESET_LINK_INVALID =
  "This reset link is not valid any more: it was used, it expired, a newer link was sent or the password has changed since. Ask for a new link.";

/** How long the link in the mail to an old address undoes an e-mail change. */
export const EMAIL_UNDO_DAYS = 7;

export const EMAIL_UNDO_INVALID =
  "This link no longer undoes the change: it was used, it is older than 7 days, or the change was undone already. If you cannot sign in, ask an administrator for help.";

/** "Forgot password?": the username or the e-mail address of the account. */
export const forgotPasswordSchema = z
  .object({
    login: z
      .string("Enter your username or e-mail address")
      .trim()
      .toLowerCase()
      .min(1, "Enter your username or e-mail address")
      .max(200, "Use at most 200 characters"),
  })
  .strict();
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;

/** The reset page: the token from the link and a new password under the change-password form's rules. */
export const passwordResetSchema = z
  .object({
    token: z
      .string("The reset link is incomplete; open it from the e-mail again")
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "The reset link is incomplete; open it from the e-mail again"),
    new_password: passwordSchema,
  })
  .strict();
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The link mailed to the old address after an e-mail change. */
export const emailUndoSchema = z
  .object({
    token: z
      .string("The link is incomplete; open it from the e-mail again")
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "The link is incomplete; open it from the e-mail again"),
  })
  .strict();

/** Your own account: the e-mail address "Forgot password?" uses. */
export const ownEmailSchema = z.object({ email: operatorEmailSchema }).strict();
export type OwnEmail = z.input<typeof ownEmailSchema>;

/** GET/PATCH /api/auth/account: your own account as "Your account" shows it. */
export const ownAccountSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(["admin", "editor"]),
});
export type OwnAccount = z.infer<typeof ownAccountSchema>;
