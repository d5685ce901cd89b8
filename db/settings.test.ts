import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget, embeddedDataDir } from "./settings";

describe("databaseTarget", () => {
  it("is PostgreSQL when DATABASE_URL is set, else the embedded database inside DATA_DIR", () => {
    expect(databaseTarget({ DATABASE_URL: "postgres://db/x", DATA_DIR: "./data" })).toEqual({
      kind: "postgres",
      url: "postgres://db/x",
    });
    expect(databaseTarget({ DATA_DIR: "./data" })).toEqual({
      kind: "pglite",
      dataDir: resolve("data/pglite"),
    });
    expect(embeddedDataDir("/srv/gcc")).toBe("/srv/gcc/pglite");
  });

  it("makes the database commands refuse a wrong DATABASE_URL with one line, as the server does", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "db/cli/migrate.ts"], {
      env: { PATH: process.env.PATH, DATABASE_URL: "mysql://nope" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    );
  });
});
