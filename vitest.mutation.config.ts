import { defineConfig } from "vitest/config";
import { FastFilesFirst } from "./tests/support/fast-files-first.ts";
import { MutationTimingReporter } from "./tests/support/mutation-timing.ts";
import base from "./vitest.config";

/** The unit and API tests that exercise each area stryker.config.mjs mutates. */
const TESTS_BY_AREA: Record<string, string[]> = {
  auth: [
    "domain/auth/**/*.test.ts",
    "server/api/{auth,account,reauth,password-reset,security-mail,two-factor,two-factor-lock}.test.ts",
  ],
  careers: [
    "domain/careers/**/*.test.ts",
    "domain/files/**/*.test.ts",
    "server/api/{applications,application-limits,application-notes-race,application-repeats,jobs}.test.ts",
    "tests/api/erase-backup.test.ts",
  ],
  // The unit tests of each area alone (no database): seconds per mutant instead of the API tests' minute, for
  // files whose rules unit tests can hold. A score measured so is a floor: the API tests would kill more.
  "auth-unit": ["domain/auth/**/*.test.ts"],
  "careers-unit": ["domain/careers/{salary,application-mails,application-rows,cv-file-name}.test.ts"],
  "imports-unit": ["domain/imports/**/*.test.ts"],
  "notifications-unit": ["domain/notifications/**/*.test.ts"],
  // The CV file rules alone (cv-pdf, cv-docx, cv-file), whose unit tests need no database.
  "careers-files": ["domain/careers/cv-file.test.ts"],
  imports: ["domain/imports/**/*.test.ts", "schemas/imports.test.ts", "server/api/imports.test.ts"],
  notifications: ["domain/notifications/**/*.test.ts", "server/api/mail.test.ts"],
};

// MUTATION_AREA=notifications narrows Stryker's first full run to that area's tests.
const area = process.env.MUTATION_AREA;
if (area && !TESTS_BY_AREA[area])
  throw new Error(`MUTATION_AREA must be one of ${Object.keys(TESTS_BY_AREA)}`);

// Spread, not mergeConfig: that would add the base's include (every test) to this one.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: area ? TESTS_BY_AREA[area] : Object.values(TESTS_BY_AREA).flat(),
    // MUTATION_SHARED_WORKER=1: a run's test files in one worker (isolate: false). Quicker when every mutant ran
    // every test, but with per-test filtering each run after the first hangs to its time-out (docs/mutation.md).
    isolate: !process.env.MUTATION_SHARED_WORKER,
    // Per-test coverage for Stryker under Vitest 4.1 (see the file); without it every mutant runs every test.
    setupFiles: [...(base.test?.setupFiles ?? []), "./tests/support/stryker-coverage.ts"],
    // Instrumented code counts every statement it runs: timing tests use smaller inputs there.
    env: { MUTATION_TESTING: "1" },
    // A mutant's run stops at its first failure (Stryker's bail): the quick unit files go first.
    sequence: { ...base.test?.sequence, sequencer: FastFilesFirst },
    // MUTATION_TIMING=<file>: where each mutant's run spends its time, a line per run.
    ...(process.env.MUTATION_TIMING && {
      reporters: ["default", new MutationTimingReporter(process.env.MUTATION_TIMING)],
    }),
  },
});
