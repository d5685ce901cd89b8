import { defineConfig } from "vitest/config";

// Long-running process tests (soak, kill -9, database outage, rolling restart, shutdown under load).
// One file at a time: they measure memory and timing, which parallel files would disturb (run beside the
// others, the soak's server grew 24 % after its warm-up instead of under 20 %).
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    globalSetup: ["tests/reliability/global-setup.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
  },
});
