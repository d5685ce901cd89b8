import { DomainError } from "./errors";

/**
 * A first-in first-out limit on concurrent work: at most `concurrency` tasks run, up to `maxWaiting` wait,
 * and any more are refused as busy with `busyMessage` (the caller can try again) instead of piling up memory.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number, busyMessage: string) {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      else {
        if (waiting.length >= maxWaiting) throw new DomainError("busy", busyMessage);
        // The finishing task hands its slot over: `active` stays the same.
        await new Promise<void>((resume) => waiting.push(resume));
      }
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    /** Running now, waiting now, and the most that ever ran at once. */
    stats: () => ({ active, waiting: waiting.length, peak }),
  };
}
