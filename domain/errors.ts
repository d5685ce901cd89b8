/**
 * What can go wrong, as the caller needs to know it; the HTTP edge gives each code its status and headers
 * (server/plugins/errors.ts), so rules never speak HTTP.
 */
export const DOMAIN_ERROR_CODES = [
  /** The input breaks a rule; `fields` says which. */
  "invalid",
  /** Not signed in, or the credentials are wrong. */
  "unauthorized",
  /** Signed in, but not allowed to. */
  "forbidden",
  "not_found",
  /** The record's state does not allow it (closed, taken, done already, changed by someone else). */
  "conflict",
  "too_large",
  /** Readable input that cannot be used as sent (a file that is no CSV, a selection too large to act on). */
  "unprocessable",
  /** Too many attempts; `retryAfterSeconds` says when to come back. */
  "rate_limited",
  /** A queue is full right now; come back in a moment. */
  "busy",
  /** Something the service depends on cannot be reached. */
  "unavailable",
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface DomainErrorDetails {
  /** Field name → what is wrong with it, for forms to show beside the field. */
  fields?: Record<string, string>;
  /** For `rate_limited`: how long the caller should wait. */
  retryAfterSeconds?: number;
  /** A machine-readable cause a client acts on (`reauth_required`), beside the message for people. */
  reason?: string;
}

/** An error whose message is safe and useful to show to the caller, with a code saying what kind it is. */
export class DomainError extends Error {
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly reason?: string;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    { fields, retryAfterSeconds, reason }: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
    if (fields) this.fields = fields;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
    if (reason) this.reason = reason;
  }
}

/** The error and the errors it wraps (`cause`), outermost first; drivers and Drizzle wrap a few levels deep. */
export function* causes(error: unknown, depth = 5): Generator<object> {
  for (
    let e = error, level = 0;
    e && typeof e === "object" && level < depth;
    e = (e as { cause?: unknown }).cause, level++
  )
    yield e;
}
