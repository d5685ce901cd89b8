import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { embeddedDataDir } from "../settings";

/**
 * `db:restore --force` swaps the restored database in with two renames: `pglite` → `pglite.previous`, then
 * the checked copy → `pglite`. The replaced one is kept until a server has started on the restored one, and
 * only then removed; a crash between the renames must never cost it.
 */

/** Where db:restore keeps the database it replaced (in DATA_DIR) until a server has started on the new one. */
export const PREVIOUS_DATABASE = "pglite.previous";

/** Written by db:restore into the copy it swaps in: the mark that the database at `pglite` is that copy. */
export const RESTORED_MARKER = "restored-by-db-restore.json";

/** Marks a checked copy, before it is renamed to `pglite`, as the one a restore put there. */
export async function markRestored(copy: string, backupFile: string) {
  await writeFile(
    join(copy, RESTORED_MARKER),
    `${JSON.stringify({ backup: backupFile, restoredAt: new Date().toISOString() })}\n`,
  );
}

/**
 * Why nothing may open the embedded database in `dataDir`: a restore stopped between its renames, so there
 * is no `pglite` (opening it would create an empty one) and the only database is the replaced one. Null when
 * there is no such problem.
 */
export function unfinishedRestore(dataDir: string): string | null {
  const previous = join(resolve(dataDir), PREVIOUS_DATABASE);
  const current = embeddedDataDir(dataDir);
  if (!existsSync(previous) || existsSync(current)) return null;
  return (
    `Refusing to start: there is no database at ${current}, and ${previous} holds the one a restore replaced ` +
    "(the restore stopped before it finished; nothing was lost). " +
    `Move it back with: mv "${previous}" "${current}" ; then start again, and run the restore again if you still want it.`
  );
}

/**
 * Called once the server has started on its database: removes the database a restore replaced when the one
 * started is the restored copy (its marker), then the marker. Any other database keeps it ("kept").
 */
export async function discardPreviousDatabase(dataDir: string): Promise<"discarded" | "kept" | "none"> {
  const previous = join(resolve(dataDir), PREVIOUS_DATABASE);
  const marker = join(embeddedDataDir(dataDir), RESTORED_MARKER);
  const restored = existsSync(marker);
  let outcome: "discarded" | "kept" | "none" = "none";
  if (existsSync(previous)) {
    if (!restored) return "kept";
    await rm(previous, { recursive: true, force: true });
    outcome = "discarded";
  }
  // Last: until the replaced database is gone, the marker is what allows removing it.
  if (restored) await rm(marker, { force: true });
  return outcome;
}
