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

export interface Hit {
  method: string | undefined;
  path: string;
  status: number;
}

export interface HitSummary {
  record(hit: Hit): void;
  /** Writes the counts gathered so far (also done every interval and on close). */
  flush(): void;
  stop(): void;
}

/**
 * Answers served from the page cache are logged as counts, one line per method, path and status each
 * interval (`{"cache":"hit","hits":n}`), not one line each: a line per hit was ~40 % of a cached answer's
 * CPU (docs/performance.md), and a hit carries nothing a count does not say.
 */
export function hitSummary(logger: Pick<Logger, "info">, intervalMs = FLUSH_INTERVAL_MS): HitSummary {
  // Keyed by path first: a hit passes its cache entry's own path string, whose hash V8 keeps, so no key is built.
  let counts = new Map<string, (Hit & { hits: number })[]>();
  function flush() {
    if (counts.size === 0) return;
    const gathered = counts;
    counts = new Map();
    for (const list of gathered.values())
      for (const { method, path, status, hits } of list)
        logger.info({ method, path, status, hits, cache: "hit" }, "request");
  }
  const timer = setInterval(flush, intervalMs).unref();
  return {
    record(hit) {
      const list = counts.get(hit.path);
      if (!list) {
        counts.set(hit.path, [{ ...hit, hits: 1 }]);
        return;
      }
      for (const known of list) {
        if (known.status === hit.status && known.method === hit.method) {
          known.hits++;
          return;
        }
      }
      list.push({ ...hit, hits: 1 });
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
