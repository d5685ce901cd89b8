import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

// `npm run bench:import` must not pass when it measured nothing: an unreachable PostgreSQL fails it (it used
// to print a line and exit 0). `--engine postgres` skips the PGlite run, so no build and no server start.

describe("bench:import", () => {
  it("exits 1 when PostgreSQL cannot be reached, saying so", () => {
    const unreachable = "postgres://postgres@127.0.0.1:1/nothing";
    const run = spawnSync(
      resolve("node_modules/.bin/tsx"),
      ["scripts/bench-import.ts", "--engine", "postgres"],
      {
        encoding: "utf8",
        env: { ...process.env, BENCH_DATABASE_URL: unreachable },
        timeout: 60_000,
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(`^PostgreSQL at ${unreachable}: .*ECONNREFUSED.*; its budget is not checked\\.$`, "m"),
    );
    expect(run.stderr).toMatch(/^Bench failed: PostgreSQL at /m);
  });

  it("refuses an engine it does not know", () => {
    const run = spawnSync(
      resolve("node_modules/.bin/tsx"),
      ["scripts/bench-import.ts", "--engine", "mysql"],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--engine must be one of: both, pglite, postgres");
  });
});
