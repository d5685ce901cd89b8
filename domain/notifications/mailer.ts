import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

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
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
