import { join, resolve } from "node:path";
import { z } from "zod";
import type { DatabaseTarget } from "./client";

/**
 * The two settings that choose the database, read the same way by the server (server/config.ts) and the
 * database commands (db/cli): PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR.
 */
export const databaseEnv = {
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
};

/** Where the embedded database lives inside DATA_DIR. */
export const embeddedDataDir = (dataDir: string) => join(resolve(dataDir), "pglite");

export function databaseTarget(settings: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return settings.DATABASE_URL
    ? { kind: "postgres", url: settings.DATABASE_URL }
    : { kind: "pglite", dataDir: embeddedDataDir(settings.DATA_DIR) };
}

/** For the database commands: the target the environment names, or one clear line and exit code 1. */
export function databaseTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const parsed = z.object(databaseEnv).safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    console.error(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
    process.exit(1);
  }
  return databaseTarget(parsed.data);
}
