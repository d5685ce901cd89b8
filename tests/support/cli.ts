import { spawn } from "node:child_process";
import { resolve } from "node:path";

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an npm script's command as npm does (tsx), with `input` piped to its standard input. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<CommandRun> {
  return new Promise((done, fail) => {
    const child = spawn(resolve("node_modules/.bin/tsx"), [script, ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
