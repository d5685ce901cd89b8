import { z } from "zod";
import { timestamp } from "./api-responses";
import { isCommonPassword } from "./common-passwords";

export const roles = ["admin", "editor"] as const;
export type Role = (typeof roles)[number];

/** The username rule in words, shown under the field before anyone types (the refusal says the same). */
export const usernameHint = "3-50 characters: letters, digits, dots, dashes or underscores; no spaces.";

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,50}$/, "Use 3-50 letters, digits, dots, dashes or underscores");

export const passwordSchema = z
  .string()
  .min(12, "Use at least 12 characters")
  .max(200, "Use at most 200 characters")
  .refine(
    (password) => !isCommonPassword(password),
    "This password is one of the most common: choose another",
  );

const emailFormat = z.email();

/**
 * An operator's e-mail address ("Forgot password?" sends its link there); stored lower-cased, and an empty
 * field (or null) clears it.
 */
export const operatorEmailSchema = z
  .string("e-mail must be text")
  .trim()
  .max(200, "E-mail must be at most 200 characters")
  .refine(
    (email) => email === "" || emailFormat.safeParse(email).success,
    "Enter a valid e-mail address, like name@example.com",
  )
  .transform((email) => (email === "" ? null : email.toLowerCase()))
  .nullable();

export const newOperatorSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: operatorEmailSchema.optional(),
  role: z.enum(roles).default("editor"),
});
export type NewOperator = z.infer<typeof newOperatorSchema>;

export const operatorUpdateSchema = z
  .object({
    role: z.enum(roles, "role must be admin or editor").optional(),
    disabled: z.boolean("disabled must be true or false").optional(),
    password: passwordSchema.optional(),
    email: operatorEmailSchema.optional(),
  })
  .strict();
export type OperatorUpdate = z.infer<typeof operatorUpdateSchema>;

export const operatorSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(roles),
  disabled: z.boolean(),
  /** Invited and has not chosen a password yet. */
  invited: z.boolean(),
  created_at: timestamp(),
});
export type OperatorSummary = z.output<typeof operatorSummarySchema>;
/** A row of the Operators list: the summary and whether a second factor is set up. */
export const operatorRowSchema = operatorSummarySchema.extend({
  two_factor: z.boolean(),
  /** When the invitation's link stops working (past: it expired); null when there is none. */
  invite_expires_at: timestamp().nullable(),
});
export type OperatorRow = z.output<typeof operatorRowSchema>;

/** How long an invitation's link works. */
export const INVITE_LINK_HOURS = 72;

/** Inviting an operator: who, where the link goes, which role; they choose their password themselves. */
export const operatorInviteSchema = z
  .object({
    username: usernameSchema,
    email: z
      .string("Enter the e-mail address the invitation goes to")
      .trim()
      .min(1, "Enter the e-mail address the invitation goes to")
      .max(200, "E-mail must be at most 200 characters")
      .pipe(z.email("Enter a valid e-mail address, like name@example.com"))
      .transform((email) => email.toLowerCase()),
    role: z.enum(roles, "role must be admin or editor").default("editor"),
  })
  .strict();
export type OperatorInvite = z.input<typeof operatorInviteSchema>;

export const INVITE_LINK_INVALID =
  "This invitation link is not valid any more: it was used, it expired, a newer invitation was sent or it was cancelled. Ask the administrator who invited you for a new one.";

/** The invitation page: the token from the link and the password the operator chooses. */
export const inviteAcceptSchema = z
  .object({
    token: z
      .string("The invitation link is incomplete; open it from the e-mail again")
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "The invitation link is incomplete; open it from the e-mail again"),
    new_password: passwordSchema,
  })
  .strict();
export type InviteAccept = z.infer<typeof inviteAcceptSchema>;
