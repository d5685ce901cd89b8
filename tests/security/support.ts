import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Access } from "#server/plugins/access.ts";

export { json, signIn, TEST_ADMIN, TEST_JWT_SECRET } from "../reliability/support";

export const baseURL = () => inject("securityURL");

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

/**
 * Every /api route with its declared access, as server/plugins/access.ts collects them. The app is built
 * without a database (building registers routes; nothing is queried), so this costs no database start.
 */
export async function apiRoutes(): Promise<ApiRoute[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "gcc-routes-"));
  const unused = new Proxy(
    {},
    {
      get: () => {
        throw new Error("no database while listing routes");
      },
    },
  );
  const database = {
    db: unused,
    engine: "pglite",
    created: false,
    ping: async () => {},
    close: async () => {},
  } as unknown as DatabaseHandle;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      JWT_SECRET: "x".repeat(40),
      LOG_LEVEL: "silent",
    }),
    database,
  });
  await app.ready();
  const routes = [...app.apiRoutes];
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return routes;
}

/** A concrete address for a route pattern: every `:param` becomes `value`. */
export const fill = (url: string, value = "1") => url.replace(/:[A-Za-z_]+/g, value);

export function xssPayloads(): string[] {
  return readFileSync(new URL("./fixtures/xss-payloads.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("# "));
}

/** Signs of internals in an error answer: stack frames, file paths, SQL, driver names. */
export const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+|\bselect\b.+\bfrom\b|\binsert into\b|syntax error|\bpostgres|\bpglite\b|drizzle|relation "|violates|ECONNREFUSED|SQLSTATE/i;
