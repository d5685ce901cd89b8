/** An error whose message is safe and useful to show to the caller, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** For a 429: how long the caller should wait (the Retry-After header). */
    readonly retryAfterSeconds?: number,
    /** A machine-readable cause a client acts on (`reauth_required`), beside the message for people. */
    readonly reason?: string,
  ) {
    super(message);
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
