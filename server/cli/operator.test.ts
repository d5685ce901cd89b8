import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { createOperatorService, verifyPassword } from "../../domain/operators/service";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "gcc-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const operatorCli = (...args: string[]) =>
  run(resolve("node_modules/.bin/tsx"), ["server/cli/operator.ts", ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      JWT_SECRET: "cli-test-secret-that-is-long-enough-0000",
    },
  });

async function storedHash(username: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    return (await createOperatorService(handle.db).findByUsername(username))?.passwordHash;
  } finally {
    await handle.close();
  }
}

describe("npm run operator", () => {
  it("creates an operator and resets the password, printing a generated one once", async () => {
    const created = await operatorCli(
      "create",
      "Priya",
      "--role",
      "admin",
      "--password",
      "first-password-123",
    );
    expect(created.stdout).toContain('Created admin "priya".');
    expect(await verifyPassword((await storedHash("priya"))!, "first-password-123")).toBe(true);

    const reset = await operatorCli("reset-password", "priya");
    const generated = /Password: (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toBeDefined();
    const hash = (await storedHash("priya"))!;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, generated!)).toBe(true);
    expect(await verifyPassword(hash, "first-password-123")).toBe(false);
  }, 60_000);

  it("explains its usage and refuses bad roles and unknown operators", async () => {
    await expect(operatorCli("delete", "x")).rejects.toMatchObject({
      stderr: expect.stringContaining("Usage:"),
    });
    await expect(operatorCli("create", "bob", "--role", "owner")).rejects.toMatchObject({
      stderr: expect.stringContaining("--role must be one of: admin, editor"),
    });
    await expect(operatorCli("reset-password", "nobody-here")).rejects.toMatchObject({
      stderr: expect.stringContaining('No operator named "nobody-here"'),
    });
  }, 60_000);
});
