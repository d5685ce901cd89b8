import { randomBytes } from "node:crypto";
import { ZodError } from "zod";
import { openDatabase } from "../../db/client";
import { databaseTarget } from "../../db/settings";
import { createOperatorService } from "../../domain/operators/service";
import { loadConfig } from "../config";
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

const given = await readPassword();
const password = given || randomBytes(12).toString("base64url");
const config = loadConfig();
const handle = await openDatabase(databaseTarget(config));
const operators = createOperatorService(handle.db);
try {
  if (args.command === "create") {
    const row = await operators.create({ username: args.username, password, role: args.role });
    console.log(`Created ${row.role} "${row.username}".`);
  } else {
    await operators.resetPassword(args.username, password);
    console.log(`Password of "${args.username.trim().toLowerCase()}" changed.`);
  }
  if (!given) console.log(`Password: ${password}`);
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
