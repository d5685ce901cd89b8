import { defineConfig } from "vitest/config";

// Attacks against the running server: stored XSS in Chromium, injection (with sqlmap), tokens and
// brute force, uploads, security headers, dependency audit. See docs/security.md.
export default defineConfig({
  test: {
    include: ["tests/security/**/*.test.ts"],
    globalSetup: ["tests/security/global-setup.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
