import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { afterAll, beforeAll, vi } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/config.ts";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The configuration of an app under test (`env` over the test defaults), in a data directory of its own. */
export function testConfig(env: Record<string, string>, prefix = "gcc-test-") {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-that-is-long-enough-0123456789",
    LOG_LEVEL: "silent",
    ...env,
  });
  return { dataDir, config };
}

/** The real app (API only) on a fresh database; call close() in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  { logger, database: shared }: { logger?: Logger; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const { dataDir, config } = testConfig(env);
  // A database shared by several apps (instances) stays open until its owner closes it.
  const database = shared ?? (await createTestDatabase());
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test file's app (createTestApp): made before its tests, closed after them. */
export function testAppPerFile(env: Record<string, string> = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t?.close());
  return () => t!;
}

/**
 * Runs `meanwhile` once, the next time the app asks for its public address: a change to an account prepares
 * its mail then, after its checks and before it saves, which is where a race lands.
 */
export function onNextPublicAddress(app: FastifyInstance, meanwhile: () => Promise<unknown>) {
  const url = app.services.publicAddress.url.bind(app.services.publicAddress);
  vi.spyOn(app.services.publicAddress, "url").mockImplementationOnce(async () => {
    await meanwhile();
    return url();
  });
}
