import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { createOperatorService, verifyPassword } from "#domain/operators/service.ts";
import { runCommand } from "#tests/support/cli.ts";
import { parseOperatorArgs } from "./operator-args";

const dataDir = mkdtempSync(join(tmpdir(), "gcc-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run operator -- …args` as npm does, with `input` piped to its standard input. */
const operatorCli = (args: string[], input = "") =>
  runCommand(
    "server/cli/operator.ts",
    args,
    { DATA_DIR: dataDir, JWT_SECRET: "cli-test-secret-that-is-long-enough-0000" },
    input,
  );

async function storedEmail(username: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    return (await createOperatorService(handle.db).findByUsername(username))?.email;
  } finally {
    await handle.close();
  }
}

async function storedHash(username: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  try {
    return (await createOperatorService(handle.db).findByUsername(username))?.passwordHash;
  } finally {
    await handle.close();
  }
}

const STACK = /\n\s+at |node:internal|ERR_PARSE_ARGS/;

describe("npm run operator", () => {
  it("creates an operator with a piped password and resets it to a generated one printed once", async () => {
    const created = await operatorCli(["create", "Priya", "--role", "admin"], "first-password-123\n");
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created admin "priya".');
    // A password the operator chose is never echoed.
    expect(created.stdout).not.toContain("first-password-123");
    expect(await verifyPassword((await storedHash("priya"))!, "first-password-123")).toBe(true);

    const reset = await operatorCli(["reset-password", "priya"]);
    expect(reset.code).toBe(0);
    const generated = /Password: (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toBeDefined();
    const hash = (await storedHash("priya"))!;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, generated!)).toBe(true);
    expect(await verifyPassword(hash, "first-password-123")).toBe(false);
  }, 60_000);

  it("prints its usage for --help (exit 0) and for no arguments or an unknown command (exit 2), never a stack trace", async () => {
    for (const args of [["--help"], ["-h"], ["create", "--help"]]) {
      const help = await operatorCli(args);
      expect(help.code, args.join(" ")).toBe(0);
      expect(help.stdout).toMatch(/^Usage:/);
      expect(help.stderr).toBe("");
    }
    for (const args of [
      [],
      ["delete", "x"],
      ["create"],
      ["create", "a", "b"],
      ["create", "bob", "--colour"],
    ]) {
      const misuse = await operatorCli(args);
      expect(misuse.code, args.join(" ")).toBe(2);
      expect(misuse.stderr, args.join(" ")).toContain("Usage:");
      expect(misuse.stderr + misuse.stdout, args.join(" ")).not.toMatch(STACK);
    }
  }, 60_000);

  it("refuses --password on the command line and says how to give one", async () => {
    for (const args of [
      ["create", "carol", "--password", "typed-on-the-command-line"],
      ["reset-password", "priya", "--password=typed-on-the-command-line"],
    ]) {
      const res = await operatorCli(args);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/--password is not accepted/);
      expect(res.stderr).toMatch(/standard input/);
      expect(res.stderr).not.toContain("typed-on-the-command-line");
    }
    expect(await storedHash("carol")).toBeUndefined();
  }, 60_000);

  it("refuses bad roles, short passwords and unknown operators with one line", async () => {
    const role = await operatorCli(["create", "bob", "--role", "owner"]);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("--role must be one of: admin, editor");
    const short = await operatorCli(["create", "bob"], "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe("Use at least 12 characters");
    const unknown = await operatorCli(["reset-password", "nobody-here"], "another-password-123\n");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No operator named "nobody-here"');
  }, 60_000);
});

describe("npm run operator -- create --email", () => {
  it("stores the address lower-cased, and refuses one that is not an address", async () => {
    const created = await operatorCli(
      ["create", "mailed", "--email", "Mailed@Example.com"],
      "mailed-password-123\n",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(await storedEmail("mailed")).toBe("mailed@example.com");
    const bad = await operatorCli(
      ["create", "unmailed", "--email", "not-an-address"],
      "mailed-password-123\n",
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe("Enter a valid e-mail address, like name@example.com");
    expect(await storedEmail("unmailed")).toBeUndefined();
  }, 60_000);
});

describe("parseOperatorArgs", () => {
  it("takes --email with create only", () => {
    expect(parseOperatorArgs(["create", "priya", "--email", "p@example.com"])).toEqual({
      kind: "run",
      command: "create",
      username: "priya",
      role: "editor",
      email: "p@example.com",
    });
    expect(parseOperatorArgs(["reset-password", "priya", "--email", "p@example.com"])).toEqual({
      kind: "misuse",
      message: "--email goes with create only.",
    });
  });

  it("reads the command, the name and the role", () => {
    expect(parseOperatorArgs(["create", "priya", "--role", "admin"])).toEqual({
      kind: "run",
      command: "create",
      username: "priya",
      role: "admin",
    });
    expect(parseOperatorArgs(["reset-password", "priya"])).toEqual({
      kind: "run",
      command: "reset-password",
      username: "priya",
      role: "editor",
    });
  });

  it("tells help from misuse", () => {
    expect(parseOperatorArgs(["--help"]).kind).toBe("help");
    expect(parseOperatorArgs([]).kind).toBe("misuse");
    expect(parseOperatorArgs(["--password", "x", "create", "a"])).toMatchObject({
      kind: "misuse",
      message: expect.stringMatching(/^--password is not accepted/),
    });
  });
});
