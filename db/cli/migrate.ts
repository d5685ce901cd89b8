import { resolve } from "node:path";
import { openDatabase } from "../client";
import { databaseTargetFromEnv } from "../settings";
import { claimForCommand } from "./data-dir-access";

// Migrations also run at every start; this applies them without starting the server. It refuses while a
// server runs on the embedded database (which that server has migrated already).
const target = databaseTargetFromEnv();
if (target.kind === "pglite" && target.dataDir) claimForCommand(resolve(target.dataDir, ".."), "migrate");
const handle = await openDatabase(target);
await handle.close();
console.log("Migrations applied.");
