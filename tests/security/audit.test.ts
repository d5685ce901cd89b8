import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

type AuditReport = {
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  method?: string;
  uri?: string;
  statusCode?: number;
};

const BULK_ADVISORIES_PATH = "/-/npm/v1/security/advisories/bulk";

/** The registry's exact "audit endpoint unavailable" answer: npm's bulk-advisory POST refused with 405. */
function isAuditEndpointUnavailable(report: AuditReport, stderr: string): boolean {
  return (
    stderr.includes("audit endpoint returned an error") &&
    report.statusCode === 405 &&
    report.method === "POST" &&
    (report.uri ?? "").endsWith(BULK_ADVISORIES_PATH)
  );
}

/**
 * `npm audit --omit=dev`: no high or critical advisory in what ships. Skipped, and said so, only when the
 * registry answers the bulk-advisory endpoint with 405 (this machine's mirror does); any other missing report
 * (network down, malformed output, another status) fails the test.
 */
describe("dependency audit", () => {
  it("finds no high or critical vulnerability in production dependencies", (context) => {
    const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
    let report: AuditReport;
    try {
      report = JSON.parse(run.stdout || "{}");
    } catch {
      report = { message: (run.stdout ?? "").slice(0, 200) };
    }
    const counts = report.metadata?.vulnerabilities;
    if (!counts && isAuditEndpointUnavailable(report, run.stderr ?? "")) {
      console.warn(
        `\n*** npm audit SKIPPED: the registry's audit endpoint is unavailable (${report.message}). Run it where the registry answers. ***\n`,
      );
      context.skip(`npm audit endpoint unavailable: ${report.message}`);
      return;
    }
    expect(
      counts,
      `npm audit gave no report: ${report.message ?? run.error?.message ?? run.stderr.slice(0, 300)}`,
    ).toBeDefined();
    console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
    expect((counts?.high ?? 0) + (counts?.critical ?? 0)).toBe(0);
  });
});
