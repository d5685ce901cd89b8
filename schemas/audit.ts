import { z } from "zod";
import { isoDate } from "./dates";
import { listQuerySchema } from "./list-query";

/** What an audit entry records: the audit_log.action column (db/schema/auth.ts) and the log's filter. */
export const auditActions = [
  "create",
  "update",
  "delete",
  "restore",
  "sign_in",
  "password_change",
  "sessions_ended",
  "two_factor_enabled",
  "two_factor_failed",
  "two_factor_reset",
  "two_factor_disabled",
  "two_factor_locked",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "password_reset_requested",
  "password_reset",
  "reauthenticated",
  "email_change_undone",
  "import",
  "import_undo",
  "stage_changed",
  "note_added",
  "data_exported",
  "personal_data_erased",
  "reply_sent",
  "operator_invited",
  "invite_resent",
  "invite_cancelled",
  "invite_accepted",
  "mail_retried",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How the log names each action to people (the column keeps the code, which filters and exports use). */
export const auditActionLabels: Record<AuditAction, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  restore: "Restored",
  sign_in: "Signed in",
  password_change: "Password changed",
  sessions_ended: "Sessions ended",
  two_factor_enabled: "Two-factor turned on",
  two_factor_failed: "Two-factor code refused",
  two_factor_reset: "Two-factor reset",
  two_factor_disabled: "Two-factor turned off",
  two_factor_locked: "Two-factor locked",
  recovery_code_used: "Recovery code used",
  recovery_codes_regenerated: "New recovery codes",
  password_reset_requested: "Password reset requested",
  password_reset: "Password reset",
  reauthenticated: "Password confirmed",
  email_change_undone: "E-mail change undone",
  import: "Imported",
  import_undo: "Import undone",
  stage_changed: "Stage changed",
  note_added: "Note added",
  data_exported: "Data exported",
  personal_data_erased: "Personal data erased",
  reply_sent: "Reply sent",
  operator_invited: "Operator invited",
  invite_resent: "Invitation sent again",
  invite_cancelled: "Invitation cancelled",
  invite_accepted: "Invitation accepted",
  mail_retried: "Mail sent again",
};
/** An entry's action for people; an action this build does not know stays readable. */
export const auditActionLabel = (action: string) =>
  (auditActionLabels as Record<string, string>)[action] ?? action.replaceAll("_", " ");

/** An empty query value means "no filter". */
const opt = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/**
 * The audit log's list: search (record name, action, entity, operator) and filters by operator, action,
 * entity and days (India time, inclusive).
 */
export const auditListQuerySchema = listQuerySchema
  .extend({
    operator: opt(z.string().trim().min(1).max(100, "operator must be at most 100 characters")),
    action: opt(z.enum(auditActions, `action must be one of: ${auditActions.join(", ")}`)),
    entity: opt(
      z
        .string()
        .regex(/^[a-z_]{1,40}$/, "entity must be a record type such as blog_post (lower-case letters and _)"),
    ),
    created_from: opt(isoDate("created_from")),
    created_to: opt(isoDate("created_to")),
  })
  .strict()
  .refine((q) => !q.created_from || !q.created_to || q.created_from <= q.created_to, {
    message: "created_from must be on or before created_to",
    path: ["created_from"],
  });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record's name (a post's title, a person's name…), when the entry tells it. */
  record_name: z.string().nullable(),
  /** A delete whose record is still in Recently deleted: it can be restored from the log. */
  restorable: z.boolean(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
