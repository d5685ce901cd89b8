import { appendFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Where a mutant's run spends its time (docs/mutation.md): with MUTATION_TIMING=<file>, one JSON line per
 * Vitest run, each test file with its start-up (environment, harness, imports), hooks and tests in ms.
 */
export class MutationTimingReporter implements Reporter {
  private started = 0;

  constructor(private readonly file: string) {
    // Stryker runs Vitest in its sandbox, where a relative path names a folder that is not there.
    if (!isAbsolute(file)) throw new Error(`MUTATION_TIMING must be an absolute path, not ${file}`);
  }

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.map((module) => {
      const d = module.diagnostic();
      const ran = [...module.children.allTests()].filter((t) => t.result().state !== "skipped");
      const tests = ran.reduce((sum, t) => sum + (t.diagnostic()?.duration ?? 0), 0);
      return {
        file: module.moduleId.replace(`${process.cwd()}/`, ""),
        startup: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration),
        imports: Math.round(d.collectDuration),
        hooks: Math.round(Math.max(0, d.duration - tests)),
        tests: Math.round(tests),
        ran: ran.length,
        failed: ran.filter((t) => t.result().state === "failed").length,
      };
    });
    const wall = Math.round(performance.now() - this.started);
    appendFileSync(this.file, `${JSON.stringify({ at: new Date().toISOString(), wall, files })}\n`);
  }
}
