import { defineConfig } from "vitest/config";
import { longFilesFirst } from "./tests/support/long-files-first";

// Long-running process tests (soak, kill -9, database outage, rolling restart, shutdown under load).
// The 5-minute soak (20 requests a second, memory of its own server) runs on one worker while the other
// files run one after another on the second: the soak's light traffic is the only neighbour any of them has.
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    globalSetup: ["tests/reliability/global-setup.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: longFilesFirst(["soak.test.ts"]) },
  },
});
