import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { discardPreviousDatabase, PREVIOUS_DATABASE, unfinishedRestore } from "#db/backup/previous.ts";
import { claimDataDir, DataDirBusyError, type DataDirClaim } from "#db/data-dir-lock.ts";
import { createOperatorService } from "#domain/operators/service.ts";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { CREATE_DATABASE_FLAG, createEmbeddedDatabaseApart, openConfiguredDatabase } from "./database";
import { createLogger } from "./logger";
import { loadServerBuild } from "./ssr";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  if (process.argv.includes(CREATE_DATABASE_FLAG)) {
    await (await openConfiguredDatabase(config, log)).close();
    log.flush();
    return;
  }
  // The embedded database is this process's alone while it runs (db/data-dir-lock.ts, DATA_DIR/server.json).
  let claim: DataDirClaim | null = null;
  if (!config.DATABASE_URL) {
    try {
      claim = claimDataDir(config.DATA_DIR, "server");
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    process.on("exit", () => claim?.release());
    const unfinished = unfinishedRestore(config.DATA_DIR);
    if (unfinished) {
      console.error(unfinished);
      process.exit(1);
    }
  }
  await createEmbeddedDatabaseApart(config);
  // `npm run dev` serves through Vite (HMR); everything else serves the production build.
  const dev = config.NODE_ENV === "development" ? await (await import("./dev")).createViteDev() : null;
  const serverBuild = dev ? dev.build : await loadServerBuild(config.BUILD_DIR);
  const database = await openConfiguredDatabase(config, log);

  const admin = await createOperatorService(database.db).ensureFirstAdmin(
    config.ADMIN_USERNAME,
    config.ADMIN_PASSWORD,
  );
  if (admin?.generatedPassword) {
    // Printed once, on purpose outside the JSON log, so it is not shipped to log storage.
    console.log(
      `\nFirst operator created: username "${admin.username}", password "${admin.generatedPassword}"\nChange it with: npm run operator -- reset-password ${admin.username}\n`,
    );
  }

  const app = await buildApp({ config, database, logger: log, serverBuild, vite: dev?.vite });
  app.addHook("onClose", async () => {
    await dev?.vite.close();
    await database.close();
    claim?.release();
  });
  await app.ready();
  collectStartupGarbage();
  await app.listen({ port: config.PORT, host: config.HOST });
  // Where `npm run db:backup` finds this server, and the key it may use here (server/plugins/access.ts).
  claim?.update({ url: localUrl(app.server.address() as AddressInfo), localKey: app.localKey });
  const address = await app.services.publicAddress.current();
  if (address.source === "default")
    log.warn(
      { publicBaseUrl: address.url },
      `public address: ${address.url}, a default; links in pages, the sitemap and the feed point there until PUBLIC_BASE_URL or the Site settings field gives the real one`,
    );
  else
    log.info(
      { publicBaseUrl: address.url, source: address.source },
      `public address: ${address.url} (from ${address.source})`,
    );
  // The restored database has started: the one db:restore replaced can go (only if this is the restored one).
  if (claim && (await discardPreviousDatabase(config.DATA_DIR)) === "kept")
    log.warn(
      `${join(resolve(config.DATA_DIR), PREVIOUS_DATABASE)} (a database a restore replaced) is kept: the database this server started on is not the one that restore put in place. Remove it yourself once you are sure it is not needed.`,
    );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    log.info({ signal }, "shutting down: draining");
    // Give load balancers time to see /readyz fail before we stop accepting connections.
    if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DELAY_MS));
    const force = setTimeout(() => {
      log.warn("in-flight requests did not finish in time; closing their connections");
      app.server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      log.info("shutdown complete");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * Start-up leaves tens of MB of garbage (schemas converted and compiled, migrations read) that V8 would keep
 * committed until its heap grew to the next limit; one full collection that returns free pages to the system,
 * before the first request, keeps the server that much smaller for life (docs/performance.md).
 */
function collectStartupGarbage() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  setFlagsFromString("--no-expose-gc");
  // The first marks and frees; the second, with nothing left to free, hands the empty pages back.
  gc();
  gc();
}

/** How a process on this machine reaches the server: loopback when it listens on every address. */
function localUrl(address: AddressInfo): string {
  const host = ["0.0.0.0", "::"].includes(address.address) ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

main().catch((error: unknown) => {
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
