// Mutation testing of the rules most worth guarding (docs/mutation.md): `npm run test:mutation`, one area at a
// time with `-- --mutate 'domain/notifications/**/!(*.test).ts'`. Not part of `npm test`: it takes hours.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: [
    "domain/auth/**/*.ts",
    "domain/careers/**/*.ts",
    "domain/imports/**/*.ts",
    "domain/notifications/**/*.ts",
    "!**/*.test.ts",
  ],
  coverageAnalysis: "perTest",
  // A mutant of a module-level value needs every test again: hours here, for constants the tests pin anyway.
  ignoreStatic: true,
  // The machine is shared; each run opens a database per test file.
  concurrency: 1,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 80, low: 60, break: null },
  timeoutMS: 5_000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["data", "build", ".build-*", "bench-results", "reports", "test-results", "screenshots"],
};
