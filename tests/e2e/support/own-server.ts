import { afterAll, beforeAll } from "vitest";
import { freePort, startServer, type RunningServer } from "./server";

/**
 * A server of the test file's own, on a fresh demo database, for tests that change what other files read
 * (publishing, scheduling); its public address is its own. Answers the server's address once started.
 */
export function startOwnServer(): () => string {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const port = await freePort();
    server = await startServer({ port, env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!.url;
}
