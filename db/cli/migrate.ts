import { openDatabase } from "../client";
import { databaseTargetFromEnv } from "../settings";

// Migrations also run at every start; this applies them without starting the server.
const handle = await openDatabase(databaseTargetFromEnv());
await handle.close();
console.log("Migrations applied.");
