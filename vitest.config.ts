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
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
