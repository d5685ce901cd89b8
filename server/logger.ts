import pino, { type Logger } from "pino";

/** How long a log line may wait in the buffer before it is written (lines are written at once when 4 KB gather). */
const FLUSH_INTERVAL_MS = 1000;

/** JSON logs; human-readable only when a person is watching a terminal. */
export function createLogger(level: string): Logger {
  const options = {
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
  };
  if (process.stdout.isTTY) {
    return pino({
      ...options,
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } },
    });
  }
  // One write per line was a fifth of the server's CPU on a cached answer (docs/performance.md); lines are
  // gathered up to 4 KB and written at least once a second. pino writes what is left when the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flushing = setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  destination.on("close", () => clearInterval(flushing));
  return pino(options, destination);
}
