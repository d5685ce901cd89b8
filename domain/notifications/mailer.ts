import type { MailAttachment } from "#schemas/mail.ts";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as a newsletter's List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Where Reply goes: the visitor for a notice about them, the team for mail to a visitor. */
  replyTo?: string;
  /** Text files sent with it (a booking's .ics invitation). */
  attachments?: MailAttachment[];
}

/** What became of a message: handed to the mail server, or only written to the log (no SMTP_URL). */
export type MailOutcome = "sent" | "logged";

export interface Mailer {
  send(mail: Mail): Promise<MailOutcome>;
}

// Well under the outbox's lease (domain/notifications/outbox.ts), so a hung server fails the attempt first.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through SMTP when a URL is configured; otherwise writes the message to the log. */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: Pick<Logger, "info" | "error">,
): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, "e-mail not sent (SMTP_URL is not set)");
        return "logged";
      },
    };
  }
  // Loaded only where SMTP is configured: nodemailer is a fifth of the server bundle.
  const transport = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
  );
  return {
    async send(mail) {
      await (await transport).sendMail({ from, ...mail });
      return "sent";
    },
  };
}
