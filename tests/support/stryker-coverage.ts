import { afterEach, inject } from "vitest";

/**
 * Hands Stryker each test file's per-test coverage (dry run) and hit count (mutant runs). Stryker's own setup
 * (vitest-runner 9.4) reports them from `afterAll((suite) => …)`, a hook Vitest 4.1 never runs (its first
 * parameter is not a fixtures pattern): the coverage was lost, so every mutant ran every test of the area
 * (docs/mutation.md). After each test the file's meta points at the counts so far; outside Stryker: nothing.
 */
interface StrykerNamespace {
  hitCount?: number;
  mutantCoverage?: unknown;
}
const strykerInject = inject as unknown as (key: string) => unknown;
const namespace = strykerInject("globalNamespace") as string | undefined;
if (namespace) {
  const mode = strykerInject("mode");
  afterEach(({ task }) => {
    const ns = (globalThis as unknown as Record<string, StrykerNamespace | undefined>)[namespace];
    // One object for the whole worker when files share it (isolate: false): Stryker merges the files' copies.
    if (mode === "mutant") Object.assign(task.file.meta, { hitCount: ns?.hitCount });
    else Object.assign(task.file.meta, { mutantCoverage: ns?.mutantCoverage });
  });
}
