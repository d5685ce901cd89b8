import { Worker } from "node:worker_threads";

/** When a request was sent and answered, in ms since the epoch (every thread shares that clock). */
export interface Span {
  start: number;
  end: number;
}
export const clock = () => performance.timeOrigin + performance.now();

// The sampler runs on its own thread, so a busy main thread in the bench never delays or hides a slow answer.
const SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
const clock = () => performance.timeOrigin + performance.now();
let stop = false;
parentPort.on("message", () => (stop = true));
(async () => {
  while (!stop) {
    const start = clock();
    try { await (await fetch(workerData.url)).arrayBuffer(); } catch {}
    parentPort.postMessage({ start, end: clock() });
    await new Promise((r) => setTimeout(r, workerData.intervalMs));
  }
  parentPort.postMessage("stopped");
})();
`;

/** Asks `url` every `intervalMs` from a thread of its own; `spans` grows as the answers come, until `stop()`. */
export function sampleUrl(url: string, intervalMs = 20) {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { url, intervalMs } });
  const spans: Span[] = [];
  const stopped = new Promise<void>((resolve) =>
    worker.on("message", (message: Span | "stopped") =>
      message === "stopped" ? resolve() : spans.push(message),
    ),
  );
  return {
    spans,
    async stop() {
      worker.postMessage("stop");
      await stopped;
      await worker.terminate();
      return spans;
    },
  };
}

/** Each span's duration (ms), in order. */
export const durations = (spans: Span[]) => spans.map((s) => s.end - s.start);

/** The durations of the answers that were under way at some moment of one of `windows`. */
export const during = (spans: Span[], windows: Span[]) =>
  durations(spans.filter((s) => windows.some((w) => s.start < w.end && s.end > w.start)));

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
export const round = (n: number) => Math.round(n * 10) / 10;
