import { parseArgs } from "node:util";
import { roles, type Role } from "#schemas/operator.ts";

export const USAGE = `Usage:
  npm run operator -- create <username> [--role admin|editor] [--email name@example.com]
  npm run operator -- reset-password <username>
  npm run operator -- --help

The password is read from standard input when it is piped in
  (printf '%s\\n' "$NEW_PASSWORD" | npm run operator -- create priya),
asked for without echo on a terminal (press Enter to have one generated),
or, with nothing piped in, generated and printed once.
--email is where "Forgot password?" sends a reset link (optional; an admin can set it later).
--password is not accepted: a password on the command line shows in ps and in the shell history.`;

export const PASSWORD_ON_COMMAND_LINE =
  "--password is not accepted: a password on the command line shows in ps and in the shell history. " +
  "Pipe it to standard input (printf '%s\\n' \"$NEW_PASSWORD\" | npm run operator -- create <username>), " +
  "type it at the prompt, or leave it out to have one generated.";

export type OperatorArgs =
  | { kind: "help" }
  | { kind: "misuse"; message: string }
  | { kind: "run"; command: "create" | "reset-password"; username: string; role: Role; email?: string };

/** What `npm run operator -- …` asks for; never throws. */
export function parseOperatorArgs(argv: string[]): OperatorArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    // Node's message for an unknown option suggests `--`, which does not apply here; name the option only.
    const text = error instanceof Error ? error.message : String(error);
    const option = /'([^']+)'/.exec(text)?.[1];
    return { kind: "misuse", message: option ? `Unknown option ${option}.` : text.split("\n")[0]! };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (values.password !== undefined) return { kind: "misuse", message: PASSWORD_ON_COMMAND_LINE };
  const [command, username, ...extra] = positionals;
  if (command === undefined) return { kind: "misuse", message: "Say what to do." };
  if (command !== "create" && command !== "reset-password")
    return { kind: "misuse", message: `Unknown command "${command}".` };
  if (username === undefined) return { kind: "misuse", message: `${command} needs a username.` };
  if (extra.length > 0) return { kind: "misuse", message: `Unexpected argument "${extra[0]}".` };
  const role = values.role ?? "editor";
  if (!roles.includes(role as Role))
    return { kind: "misuse", message: `--role must be one of: ${roles.join(", ")}` };
  if (values.email !== undefined && command !== "create")
    return { kind: "misuse", message: "--email goes with create only." };
  return {
    kind: "run",
    command,
    username,
    role: role as Role,
    ...(values.email !== undefined ? { email: values.email } : {}),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      role: { type: "string" },
      email: { type: "string" },
      // Recognised only to be refused with a helpful sentence.
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
