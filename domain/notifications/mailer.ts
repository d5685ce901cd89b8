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
  // Loaded only where SMTP is configured: nodemailer is a fifth of the server bundle.
  const transport = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl),
  );
  return {
    async send(mail) {
      await (await transport).sendMail({ from, ...mail });
    },
  };
}
