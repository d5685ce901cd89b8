import { unfinishedRestore } from "../backup/previous";
import {
  claimDataDir,
  DataDirBusyError,
  liveHolder,
  type DataDirClaim,
  type DataDirHolder,
  type HolderRole,
} from "../data-dir-lock";

/**
 * How the commands reach an embedded DATA_DIR (docs/decisions/0009-online-backup.md): a running server is
 * asked over loopback with the key it wrote to server.json; with none, the command claims the directory
 * for as long as it runs, so no server opens the database beside it.
 */

/** A server on this DATA_DIR that has written where it listens and the key it accepts from here. */
export interface LocalServer {
  pid: number;
  url: string;
  localKey: string;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The server holding `dataDir`, once it has written its address (a server still starting has not); null
 * when it stopped meanwhile. Fails when it does not finish starting, or another command holds the directory.
 */
export async function readyServer(dataDir: string, holder: DataDirHolder): Promise<LocalServer | null> {
  let server = holder;
  for (const deadline = Date.now() + 120_000; !server.url && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = liveHolder(dataDir);
    if (!now) return null;
    if (now.role !== "server") fail(new DataDirBusyError(dataDir, now).message);
    server = now;
  }
  if (!server.url || !server.localKey)
    fail(`The server (pid ${server.pid}) did not finish starting; try again.`);
  return { pid: server.pid, url: server.url, localKey: server.localKey };
}

/** A request to the server with the local key; fails with one line when the server does not answer. */
export async function askServer(
  server: LocalServer,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  try {
    return await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Local ${server.localKey}` },
    });
  } catch (error) {
    return fail(
      `The server (pid ${server.pid}) at ${server.url} did not answer: ${(error as Error).message}`,
    );
  }
}

/** What a refusing server said: its JSON `message`, else the text. */
export async function refusal(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text;
  }
}

/**
 * Claims `dataDir` for this command until the process exits, or fails naming the process that holds it, or
 * saying how to finish a restore that stopped half-way (opening the database then would create an empty one).
 */
export function claimForCommand(dataDir: string, role: Exclude<HolderRole, "server">): DataDirClaim {
  let claim: DataDirClaim;
  try {
    claim = claimDataDir(dataDir, role);
  } catch (error) {
    if (error instanceof DataDirBusyError) return fail(error.message);
    throw error;
  }
  process.once("exit", () => claim.release());
  const unfinished = unfinishedRestore(dataDir);
  if (unfinished) fail(unfinished);
  return claim;
}
