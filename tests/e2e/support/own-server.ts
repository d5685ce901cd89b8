import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { startTestSmtp, type TestSmtp } from "#tests/support/smtp.ts";
import { freePort, startServer, type RunningServer } from "./server";

export interface OwnServerOptions {
  /** PUBLIC_BASE_URL set to the server's own address (the default); false leaves it unset. */
  publicAddress?: boolean;
  env?: Record<string, string>;
}

function ownServer(
  { publicAddress = true, env = {} }: OwnServerOptions,
  before: () => Promise<Record<string, string>> = async () => ({}),
  after: (server: RunningServer | undefined) => Promise<void> = async () => {},
): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const address: Record<string, string> = publicAddress
      ? { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }
      : {};
    server = await startServer({ port, env: { ...address, ...(await before()), ...env } });
  });
  afterAll(async () => {
    await server?.stop();
    await after(server);
  });
  return () => server!;
}

/**
 * A server of the test file's own, on a fresh demo database, for tests that change what other files read
 * (publishing, scheduling, site settings). Answers the server's address once started.
 */
export function startOwnServer(options: OwnServerOptions = {}): () => string {
  const server = ownServer(options);
  return () => server().url;
}

/**
 * A server of the file's own that mails through a fresh SMTP test sink (`refuse`: one that refuses every
 * message); the sink stops and the server's data directory goes when the file ends.
 */
export function startOwnMailServer(options: OwnServerOptions & { refuse?: boolean } = {}) {
  let smtp: TestSmtp | undefined;
  const server = ownServer(
    options,
    async () => {
      smtp = await startTestSmtp();
      smtp.refuse = options.refuse ?? false;
      return { SMTP_URL: smtp.url };
    },
    async (stopped) => {
      await smtp?.stop();
      if (stopped) rmSync(stopped.dataDir, { recursive: true, force: true });
    },
  );
  return { site: () => server().url, server, smtp: () => smtp! };
}
