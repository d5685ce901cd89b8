import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const CALLER = "app/components/dashboard/import/import-api.ts";

/** The repository's sources (committed or not, ignored files aside) in a scratch directory, with its packages. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "typed-client-"));
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      // Listed but deleted in the working tree.
    }
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function run(dir: string, command: string, args: string[]) {
  const result = spawnSync(join(dir, "node_modules/.bin", command), args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const tsc = (dir: string) => run(dir, "tsc", ["--noEmit", "-p", "."]);

describe("the console's API calls are checked against the server's routes", () => {
  const dir = scratchCopy();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "a route renamed on the server fails the typecheck in the console file that calls it",
    { timeout: 600_000 },
    () => {
      // The unmodified sources pass both checks: npm run typecheck shows that on every run.
      expect(run(dir, "react-router", ["typegen"]).status).toBe(0);

      const routes = join(dir, "server/api/imports.ts");
      const source = readFileSync(routes, "utf8");
      expect(source).toContain('"/api/imports/:id/check"');
      writeFileSync(routes, source.replace('"/api/imports/:id/check"', '"/api/imports/:id/validate"'));

      // The checked-in table no longer matches the routes: npm run typecheck stops here...
      const stale = run(dir, "tsx", ["scripts/api-types.ts", "--check"]);
      expect(stale.status).toBe(1);
      expect(stale.output).toContain("api-routes.ts is stale");

      // ...and once it is written anew, the console's call of the old route does not compile.
      expect(run(dir, "tsx", ["scripts/api-types.ts"]).status).toBe(0);
      expect(readFileSync(join(dir, "app/lib/dashboard/api-routes.ts"), "utf8")).toContain(
        '"POST /api/imports/:id/validate"',
      );
      const after = tsc(dir);
      expect(after.status).not.toBe(0);
      const callerErrors = after.output.split("\n").filter((line) => line.startsWith(CALLER));
      expect(callerErrors.join("\n")).toContain('"POST /api/imports/:id/check"');
    },
  );
});
