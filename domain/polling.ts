/**
 * Runs `round` at once, then `pollMs` after each round ends, until stopped. `stop` waits for the round under
 * way, so a graceful shutdown never cuts one off midway. `round` handles its own failures.
 */
export function startPolling(round: () => Promise<unknown>, pollMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = round().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
