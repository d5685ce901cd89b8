/** The shipped retry schedule: 5 s, 10 s, 20 s, 40 s … between attempts, at most an hour; 12 attempts span ~2.4 h. */
export const DEFAULT_RETRY_BASE_MS = 5_000;
export const MAX_RETRY_DELAY_MS = 3_600_000;
export const DEFAULT_MAX_ATTEMPTS = 12;

/** How long to wait after the `failedAttempts`-th failure before trying again (exponential, capped). */
export function retryDelayMs(failedAttempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_MS);
}
