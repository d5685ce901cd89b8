import pino, { type Logger } from "pino";

/** JSON logs; human-readable only when a person is watching a terminal. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "access_token",
        "*.access_token",
        "req.headers.authorization",
        "req.headers.cookie",
      ],
      censor: "[redacted]",
    },
    transport: process.stdout.isTTY
      ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } }
      : undefined,
  });
}
