import { z } from "zod";
import { mailStatuses } from "./mail";
import { isOneLine } from "./one-line";

/** `in`: written by the person (kept for answers that come back by mail); `out`: sent from the console. */
export const threadDirections = ["in", "out"] as const;

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

/**
 * An answer written in the console to an enquirer or a candidate: a subject of one line (a line break in it
 * would start a mail header of the sender's choosing) and a body; the person's own message is quoted below
 * it in the mail.
 */
export const replySchema = z
  .object({
    subject: z
      .string({ error: "Write a subject" })
      .trim()
      .min(1, "Write a subject")
      .max(REPLY_SUBJECT_MAX, `The subject must be at most ${REPLY_SUBJECT_MAX} characters`)
      .refine(isOneLine, "The subject must be one line, without line breaks"),
    body: z
      .string({ error: "Write the message" })
      .trim()
      .min(1, "Write the message")
      .max(
        REPLY_BODY_MAX,
        `The message must be at most ${REPLY_BODY_MAX.toLocaleString("en-IN")} characters`,
      ),
  })
  .strict();
export type Reply = z.output<typeof replySchema>;

/** What the thread shows of a message's mail: waiting in the outbox, sent, only logged (no mail server), failed. */
export const replyStatusLabels: Record<(typeof mailStatuses)[number], string> = {
  pending: "Queued",
  sent: "Sent",
  logged: "Not sent: no mail server is set",
  failed: "Failed",
};

/** One message of a thread, oldest first; the person's first message (the enquiry or application) comes first. */
export const threadMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(threadDirections),
  /** The operator who sent it from the console; empty for the person's own. */
  author: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** The outbox status of a sent message; null for the person's own, or when its mail is gone. */
  status: z.enum(mailStatuses).nullable(),
  last_error: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** An enquiry's or application's thread, with the subject and body a new reply starts from. */
export const threadSchema = z.object({
  /** Who the replies go to. */
  to: z.string(),
  messages: z.array(threadMessageSchema),
  draft: z.object({ subject: z.string(), body: z.string() }),
  /** The "thank you / not this time" mail offered on Reject (applications only). */
  rejection: z.object({ subject: z.string(), body: z.string() }).optional(),
});
export type Thread = z.infer<typeof threadSchema>;
