import { parseArgs } from "node:util";
import { openDatabase } from "../../db/client";
import { databaseTarget } from "../../db/settings";
import { createOperatorService } from "../../domain/operators/service";
import { roles, type Role } from "../../schemas/operator";
import { loadConfig } from "../config";

const usage = `Usage:
  npm run operator -- create <username> [--role admin|editor] [--password <password>]
  npm run operator -- reset-password <username> [--password <password>]
Without --password a strong password is generated and printed once.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: "string", default: "editor" }, password: { type: "string" } },
});
const [command, username] = positionals;
if (!command || !username || !["create", "reset-password"].includes(command)) {
  console.error(usage);
  process.exit(1);
}
if (!roles.includes(values.role as Role)) {
  console.error(`--role must be one of: ${roles.join(", ")}`);
  process.exit(1);
}

const config = loadConfig();
const handle = await openDatabase(databaseTarget(config));
const operators = createOperatorService(handle.db);
const { randomBytes } = await import("node:crypto");
const password = values.password ?? randomBytes(12).toString("base64url");
try {
  if (command === "create") {
    const row = await operators.create({ username, password, role: values.role as Role });
    console.log(`Created ${row.role} "${row.username}".`);
  } else {
    await operators.resetPassword(username, password);
    console.log(`Password of "${username.toLowerCase()}" changed.`);
  }
  if (!values.password) console.log(`Password: ${password}`);
} catch (error) {
  console.error(error instanceof Error ? error.message.split("\n")[0] : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
