import { z } from "zod";

export const roles = ["admin", "editor"] as const;
export type Role = (typeof roles)[number];

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,50}$/, "Use 3-50 letters, digits, dots, dashes or underscores");

export const passwordSchema = z
  .string()
  .min(12, "Use at least 12 characters")
  .max(200, "Use at most 200 characters");

export const newOperatorSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(roles).default("editor"),
});
export type NewOperator = z.infer<typeof newOperatorSchema>;

export const operatorUpdateSchema = z
  .object({
    role: z.enum(roles, "role must be admin or editor").optional(),
    disabled: z.boolean("disabled must be true or false").optional(),
    password: passwordSchema.optional(),
  })
  .strict();
export type OperatorUpdate = z.infer<typeof operatorUpdateSchema>;

export interface OperatorSummary {
  id: number;
  username: string;
  role: Role;
  disabled: boolean;
  created_at: string;
}
