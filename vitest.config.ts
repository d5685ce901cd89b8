import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "node_modules/**",
      "build/**",
      ".build-*/**",
      "tests/e2e/**",
      "tests/reliability/**",
      "tests/security/**",
      "data/**",
      ".stryker-tmp/**",
      "reports/**",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default on two cores is one worker; many API files wait on PostgreSQL, Redis or argon2 meanwhile.
    maxWorkers: 2,
  },
});
