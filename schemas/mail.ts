import { z } from "zod";
import { listAnswerOf, recordAnswerOf } from "./api-responses";
import { listQuerySchema } from "./list-query";

/** `logged`: no mail server is set (SMTP_URL), so the message was written to the log and never sent. */
export const mailStatuses = ["pending", "sent", "logged", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** A text file sent with a mail (a booking's .ics invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const mailListQuerySchema = listQuerySchema.extend({
  status: z.enum(mailStatuses, "status must be pending, sent, logged or failed").optional(),
});

/** One outbox message as the console sees it (the body stays on the server). */
export const mailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailListAnswerSchema = listAnswerOf("mail", mailMessageSchema);
export const mailRecordAnswerSchema = recordAnswerOf(mailMessageSchema);
