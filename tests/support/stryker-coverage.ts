import { afterAll, inject } from "vitest";

/**
 * Hands Stryker each test file's per-test coverage (dry run) and hit count (mutant runs). Vitest 4.1 calls an
 * afterAll hook with its fixtures first and its suite second, and Stryker's own setup (vitest-runner 9.4)
 * writes to the first: the coverage was lost, so every mutant ran every test of the area (docs/mutation.md).
 * Registered after Stryker's setup, so it runs before Stryker's afterAll; outside Stryker it does nothing.
 */
const strykerInject = inject as unknown as (key: string) => unknown;
const namespace = strykerInject("globalNamespace") as string | undefined;
if (namespace) {
  const mode = strykerInject("mode");
  afterAll((_context, suite) => {
    const ns = (globalThis as Record<string, { hitCount?: number; mutantCoverage?: unknown } | undefined>)[
      namespace
    ];
    // One object for the whole worker when files share it (isolate: false): Stryker merges the files' copies.
    if (mode === "mutant") Object.assign(suite.meta, { hitCount: ns?.hitCount });
    else Object.assign(suite.meta, { mutantCoverage: ns?.mutantCoverage });
  });
}
