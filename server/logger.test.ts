import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hitSummary } from "./logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("hitSummary", () => {
  afterEach(() => vi.useRealTimers());

  it("logs one line per method, path and status with the number of hits, once per interval", () => {
    vi.useFakeTimers();
    const { logger, lines } = capture();
    const summary = hitSummary(logger, 1000);
    for (let i = 0; i < 5; i++) summary.record({ method: "GET", path: "/blog", status: 200 });
    summary.record({ method: "GET", path: "/blog", status: 304 });
    summary.record({ method: "HEAD", path: "/", status: 200 });
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(
      lines.map(({ method, path, status, hits, cache, msg }) => ({ method, path, status, hits, cache, msg })),
    ).toEqual([
      { method: "GET", path: "/blog", status: 200, hits: 5, cache: "hit", msg: "request" },
      { method: "GET", path: "/blog", status: 304, hits: 1, cache: "hit", msg: "request" },
      { method: "HEAD", path: "/", status: 200, hits: 1, cache: "hit", msg: "request" },
    ]);
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(3);
    summary.stop();
  });

  it("writes what it gathered when stopped, and nothing after", () => {
    const { logger, lines } = capture();
    const summary = hitSummary(logger, 60_000);
    summary.record({ method: "GET", path: "/", status: 200 });
    summary.stop();
    expect(lines).toEqual([expect.objectContaining({ path: "/", hits: 1 })]);
    summary.flush();
    expect(lines).toHaveLength(1);
  });
});
