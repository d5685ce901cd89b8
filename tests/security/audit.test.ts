import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * `npm audit --omit=dev`: no high or critical advisory in what ships. When the registry's audit endpoint
 * cannot be reached (this machine's registry mirror answers 405 to it), the test says so and is skipped:
 * it never passes silently.
 */
describe("dependency audit", () => {
  it("finds no high or critical vulnerability in production dependencies", (context) => {
    const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
    let report: {
      metadata?: { vulnerabilities?: Record<string, number> };
      message?: string;
      statusCode?: number;
      error?: unknown;
    };
    try {
      report = JSON.parse(run.stdout || "{}");
    } catch {
      report = { message: run.stdout.slice(0, 200) };
    }
    const counts = report.metadata?.vulnerabilities;
    if (!counts) {
      const reason =
        report.message ?? run.stderr.split("\n").find((l) => l.includes("error")) ?? "no audit report";
      console.warn(
        `\n*** npm audit SKIPPED: the registry's audit endpoint is unreachable (${reason}). Run it where the registry answers. ***\n`,
      );
      context.skip();
      return;
    }
    console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
    expect((counts.high ?? 0) + (counts.critical ?? 0)).toBe(0);
  });
});
