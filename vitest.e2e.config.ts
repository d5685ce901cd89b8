import { defineConfig } from "vitest/config";
import { longFilesFirst } from "./tests/support/long-files-first";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    environment: "node",
    // One file (newcomer.test.ts) installs and builds a clone while the others run: give steps room on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The 1 s default is too short for a React Query refetch on a CI machine running two browsers.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    sequence: {
      sequencer: longFilesFirst([
        "newcomer.test.ts",
        "marketing-pages.test.ts",
        "console-crm.test.ts",
        "console-applications.test.ts",
        "console-forms.test.ts",
      ]),
    },
  },
});
