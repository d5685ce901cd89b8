import { z } from "zod";
import { dataAnswerOf, listAnswerOf, recordAnswerOf } from "./api-responses";
import { listQuerySchema } from "./list-query";

/** `logged`: no mail server is set (SMTP_URL), so the message was written to the log and never sent. */
export const mailStatuses = ["pending", "sent", "logged", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];
/** How one attempt to send ended (`failed`: this attempt; the message may still be retried). */
export const mailAttemptOutcomes = ["sent", "logged", "failed"] as const;

export const mailListQuerySchema = listQuerySchema.extend({
  status: z.enum(mailStatuses, "status must be pending, sent, logged or failed").optional(),
});

/** A failed attempt's error in words: what happened and what to do (domain/notifications/mail-errors.ts). */
export const mailErrorExplainedSchema = z.object({
  kind: z.enum(["unreachable", "tls", "temporary", "auth", "address", "mailbox_full", "refused", "unknown"]),
  summary: z.string(),
  advice: z.string(),
});
export type MailErrorExplained = z.infer<typeof mailErrorExplainedSchema>;

/** One attempt to send a message, oldest first in a message's history. */
export const mailAttemptSchema = z.object({
  at: z.string(),
  outcome: z.enum(mailAttemptOutcomes),
  error: z.string().nullable(),
});
export type MailAttempt = z.infer<typeof mailAttemptSchema>;

/** One outbox message as the console sees it (the body stays on the server). */
export const mailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** The last error in words, while the message is not sent. */
  error_explained: mailErrorExplainedSchema.nullable(),
  /** Every attempt, oldest first, across every Retry. */
  attempt_history: z.array(mailAttemptSchema),
  next_attempt_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailListAnswerSchema = listAnswerOf("mail", mailMessageSchema);
export const mailRecordAnswerSchema = recordAnswerOf(mailMessageSchema);

/** What the Mail badge and the admins' notice need: how many messages failed, and which set that is. */
export const mailFailuresSchema = z.object({
  failed: z.number().int(),
  /** Changes whenever a message fails (again): a notice dismissed for one set shows again for the next. */
  failure_set: z.string(),
});
export type MailFailures = z.infer<typeof mailFailuresSchema>;
export const mailFailuresAnswerSchema = dataAnswerOf(mailFailuresSchema);
