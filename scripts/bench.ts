/**
 * `npm run bench`: bench:http, bench:web, bench:db, bench:process, bench:revisions and bench:import one after the other
 * (never side by side: they measure the same two cores). Every bench runs even when an earlier one misses
 * its budget; the exit code is 1 when any did.
 */
import { spawnSync } from "node:child_process";

const benches = ["bench:http", "bench:web", "bench:db", "bench:process", "bench:revisions", "bench:import"];
const results = benches.map((name) => {
  console.log(`\n=== npm run ${name} ===`);
  const started = Date.now();
  const run = spawnSync("npm", ["run", name], { stdio: "inherit", env: process.env });
  return { name, ok: run.status === 0, minutes: (Date.now() - started) / 60_000 };
});

console.log("\n=== bench summary ===");
for (const r of results)
  console.log(`${r.ok ? "met   " : "MISSED"}  ${r.name}  (${r.minutes.toFixed(1)} min)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
