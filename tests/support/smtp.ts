import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a permanent 550 error. */
  refuse: boolean;
  /** Stops listening: connections are refused until `start` listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A message's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
export const decodedText = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The subjects received so far, sorted: mails sent together may arrive in either order. */
export const sortedSubjects = (smtp: TestSmtp) => smtp.received.map((m) => m.subject).sort();

const subjectOf = (raw: string) => /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";

/** A real SMTP server on 127.0.0.1 that keeps what it receives (no TLS, no authentication). */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  let server: SMTPServer | undefined;
  const smtp: TestSmtp = {
    port,
    url: "",
    received: [],
    refuse: false,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, done) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            if (smtp.refuse) {
              done(
                Object.assign(new Error("Mailbox unavailable (test server refuses)"), { responseCode: 550 }),
              );
              return;
            }
            const raw = Buffer.concat(chunks).toString("utf8");
            smtp.received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: subjectOf(raw),
              raw,
            });
            done();
          });
        },
      });
      await new Promise<void>((done, fail) => {
        server!.once("error", fail);
        server!.listen(smtp.port, "127.0.0.1", () => done());
      });
      const address = server.server.address();
      smtp.port = typeof address === "object" && address ? address.port : smtp.port;
      smtp.url = `smtp://127.0.0.1:${smtp.port}`;
    },
    async stop() {
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      server = undefined;
    },
  };
  await smtp.start();
  return smtp;
}
