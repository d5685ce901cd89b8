import { afterEach, describe, expect, it } from "vitest";
import { REFRESH_HEADER, REFRESH_HEADER_VALUE } from "#shared/auth.ts";
import { runCommand } from "../support/cli";
import { itWith } from "../support/services";
import {
  adminQuery,
  createPgDatabase,
  spawnServer,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  type ServerProcess,
} from "./support";

/**
 * The operator and database commands beside a running server (docs/decisions/0009-online-backup.md): on
 * the embedded database they act through the server or refuse, never open its directory beside it; a
 * password reset ends the operator's sessions at once, on both engines.
 */

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

/** A signed-in session: its access token and refresh cookie. */
async function session(url: string, username: string, password: string) {
  const res = await signIn(url, username, password);
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("refresh_token="))!
    .split(";")[0]!;
  return { accessToken: access_token, cookie };
}

const me = (url: string, accessToken: string) =>
  fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
const refresh = async (url: string, cookie: string) =>
  (
    (await (
      await fetch(`${url}/refresh_token`, {
        method: "POST",
        headers: { cookie, [REFRESH_HEADER]: REFRESH_HEADER_VALUE },
      })
    ).json()) as { error_code: number }
  ).error_code;

const NEW_PASSWORD = "a-new-password-from-the-cli";

/** Resets the admin's password with `env`, and checks it took effect at once and ended the old session. */
async function resetEndsSessions(server: ServerProcess, env: Record<string, string>) {
  const before = await session(server.url, TEST_ADMIN.username, TEST_ADMIN.password);
  expect((await me(server.url, before.accessToken)).status).toBe(200);

  const reset = await runCommand(
    "server/cli/operator.ts",
    ["reset-password", "admin"],
    env,
    `${NEW_PASSWORD}\n`,
  );
  expect(reset.stderr).toBe("");
  expect(reset.code).toBe(0);
  expect(reset.stdout).toContain('Password of "admin" changed');

  expect((await signIn(server.url, TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(401);
  expect((await signIn(server.url, TEST_ADMIN.username, NEW_PASSWORD)).status).toBe(200);
  expect((await me(server.url, before.accessToken)).status).toBe(401);
  expect(await refresh(server.url, before.cookie)).toBe(401);
  return reset;
}

describe("operator and database commands beside a running server", () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("embedded: reset-password and create act through the server, at once; the old session ends", async () => {
    server = await spawnServer();
    const env = { DATA_DIR: server.dataDir };
    const reset = await resetEndsSessions(server, env);
    expect(reset.stdout).toContain(`through the running server, pid ${server.pid}`);

    const created = await runCommand(
      "server/cli/operator.ts",
      ["create", "Priya"],
      env,
      "priyas-password-123\n",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created editor "priya" (through the running server');
    expect((await signIn(server.url, "priya", "priyas-password-123")).status).toBe(200);

    const again = await runCommand(
      "server/cli/operator.ts",
      ["create", "priya"],
      env,
      "priyas-password-123\n",
    );
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('An operator named "priya" already exists');
    const unknown = await runCommand(
      "server/cli/operator.ts",
      ["reset-password", "nobody"],
      env,
      `${NEW_PASSWORD}\n`,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No operator named "nobody"');

    // Still in effect after a restart: the server wrote it, so it is in the database the server keeps.
    expect(await server.stop()).toBe(0);
    server = await spawnServer({ dataDir: env.DATA_DIR });
    expect((await signIn(server.url, TEST_ADMIN.username, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(server.url, TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(401);
  });

  it("embedded: db:seed and db:migrate refuse with one line that says what to do, and exit 1", async () => {
    server = await spawnServer();
    for (const script of ["db/cli/seed.ts", "db/cli/migrate.ts"]) {
      const run = await runCommand(script, [], { DATA_DIR: server.dataDir });
      expect(run.code, script).toBe(1);
      expect(run.stdout, script).toBe("");
      expect(run.stderr.trim(), script).toBe(
        `DATA_DIR ${server.dataDir} is in use by the server (pid ${server.pid}); stop it and try again.`,
      );
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  itWith(
    "TEST_DATABASE_URL",
    "PostgreSQL: reset-password writes directly and ends the operator's sessions at once",
    async () => {
      const database = await createPgDatabase("operator_cli");
      try {
        server = await spawnServer({ env: { DATABASE_URL: database.url } });
        const reset = await resetEndsSessions(server, {
          DATABASE_URL: database.url,
          JWT_SECRET: TEST_JWT_SECRET,
        });
        expect(reset.stdout).not.toContain("through the running server");
        const entries = await adminQuery<{ operator_name: string; after: unknown; operator_id: null }>(
          database.url,
          "select operator_name, operator_id, after from audit_log where action = 'password_reset'",
        );
        expect(entries).toEqual([
          {
            operator_name: "command line (npm run operator)",
            operator_id: null,
            after: { sessions_ended: "all" },
          },
        ]);
        const log = JSON.stringify(await adminQuery(database.url, "select * from audit_log"));
        expect(log).not.toContain(NEW_PASSWORD);
        expect(log).not.toContain("argon2");
        await server.stop();
        server = undefined;
      } finally {
        await server?.stop();
        await database.drop();
      }
    },
  );
});
