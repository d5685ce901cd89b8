import { randomBytes } from "node:crypto";
import { ZodError } from "zod";
import { resolve } from "node:path";
import {
  askServer,
  claimForCommand,
  readyServer,
  refusal,
  type LocalServer,
} from "#db/cli/data-dir-access.ts";
import { openDatabase, type DatabaseTarget } from "#db/client.ts";
import { liveHolder } from "#db/data-dir-lock.ts";
import { databaseTargetFromEnv } from "#db/settings.ts";
import { createAuditService, type Actor } from "#domain/audit/service.ts";
import { createOperatorService } from "#domain/operators/service.ts";
import { operatorEmailSchema, passwordSchema, usernameSchema } from "#schemas/operator.ts";
import { parseOperatorArgs, USAGE } from "./operator-args";

const args = parseOperatorArgs(process.argv.slice(2));
if (args.kind === "help") {
  console.log(USAGE);
  process.exit(0);
}
if (args.kind === "misuse") {
  console.error(`${args.message}\n\n${USAGE}`);
  process.exit(2);
}
const run = args;

/** A password piped in (its first line), typed at a prompt without echo, or "" for a generated one. */
async function readPassword(): Promise<string> {
  const { stdin } = process;
  if (stdin.isTTY) return promptHidden("Password (Enter to generate one): ");
  let input = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) input += chunk;
  return input.split(/\r?\n/)[0] ?? "";
}

/** Reads a line from the terminal without showing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((done) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          finish();
          done(value);
          return;
        }
        if (char === "\u0003") {
          finish();
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

const message = (error: unknown) =>
  error instanceof ZodError
    ? (error.issues[0]?.message ?? "Invalid value")
    : error instanceof Error
      ? error.message.split("\n")[0]
      : String(error);

/** Creates or resets through the running server, which holds the embedded database (its local key). */
async function throughServer(server: LocalServer, username: string, password: string): Promise<string> {
  const json = { "content-type": "application/json" };
  if (run.command === "create") {
    const res = await askServer(server, "/api/operators", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username, password, role: run.role, ...(email ? { email } : {}) }),
    });
    if (res.status !== 201) throw new Error(await refusal(res));
    const { data } = (await res.json()) as { data: { username: string; role: string } };
    return `Created ${data.role} "${data.username}" (through the running server, pid ${server.pid}).`;
  }
  const operator = await findOperator(server, username);
  if (!operator) throw new Error(`No operator named "${username}"`);
  const res = await askServer(server, `/api/operators/${operator.id}`, {
    method: "PATCH",
    headers: json,
    body: JSON.stringify({ password }),
  });
  if (res.status !== 200) throw new Error(await refusal(res));
  return `Password of "${username}" changed (through the running server, pid ${server.pid}); its sessions have ended.`;
}

/** Who the audit log names for a write made directly by this command (no operator signed in). */
const COMMAND_LINE: Actor = { operatorId: 0, username: "command line (npm run operator)" };

/** Writes the database directly, audited: PostgreSQL, or an embedded database this process has claimed. */
async function directly(target: DatabaseTarget, username: string, password: string): Promise<string> {
  const handle = await openDatabase(target);
  try {
    const operators = createOperatorService(handle.db, createAuditService(handle.db));
    if (run.command === "create") {
      const row = await operators.create(
        { username, password, role: run.role, ...(email ? { email } : {}) },
        COMMAND_LINE,
      );
      return `Created ${row.role} "${row.username}".`;
    }
    await operators.resetPassword(COMMAND_LINE, username, password);
    return `Password of "${username}" changed; its sessions have ended.`;
  } finally {
    await handle.close();
  }
}

const given = await readPassword();
const password = given || randomBytes(12).toString("base64url");
const target = databaseTargetFromEnv();
let email: string | null = null;
try {
  // Checked here first, so both ways answer a bad value with the same line.
  const username = usernameSchema.parse(run.username);
  passwordSchema.parse(password);
  email = run.email === undefined ? null : operatorEmailSchema.parse(run.email);
  let done: string;
  if (target.kind === "pglite" && target.dataDir) {
    const dataDir = resolve(target.dataDir, "..");
    const holder = liveHolder(dataDir);
    const server = holder?.role === "server" ? await readyServer(dataDir, holder) : null;
    if (server) done = await throughServer(server, username, password);
    else {
      claimForCommand(dataDir, "operator");
      done = await directly(target, username, password);
    }
  } else done = await directly(target, username, password);
  console.log(done);
  if (!given) console.log(`Password: ${password}`);
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
}

/** The operator of that name, looked up page by page through the running server. */
async function findOperator(server: Parameters<typeof askServer>[0], username: string) {
  for (let page = 1; ; page++) {
    const list = await askServer(server, `/api/operators?page=${page}&page_size=50`);
    if (list.status !== 200) throw new Error(await refusal(list));
    const { operators_data } = (await list.json()) as { operators_data: { id: number; username: string }[] };
    const operator = operators_data.find((o) => o.username === username);
    if (operator || operators_data.length < 50) return operator;
  }
}
