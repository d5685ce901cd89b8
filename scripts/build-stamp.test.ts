import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isBuildCurrent, sourceFingerprint, STAMP_FILE } from "./build-stamp.js";

function checkout() {
  const root = mkdtempSync(join(tmpdir(), "gcc-stamp-"));
  mkdirSync(join(root, "app"), { recursive: true });
  writeFileSync(join(root, "app", "root.tsx"), "export const a = 1;\n");
  writeFileSync(join(root, "app", "root.test.tsx"), "test\n");
  writeFileSync(join(root, "package-lock.json"), "{}\n");
  return root;
}

function stampedBuild(root: string, fingerprint: string) {
  const dir = join(root, "build");
  mkdirSync(join(dir, "node"), { recursive: true });
  writeFileSync(join(dir, "node", "main.js"), "");
  writeFileSync(join(dir, STAMP_FILE), fingerprint);
  return dir;
}

describe("build stamp", () => {
  it("changes when a source, the lockfile or a file name changes, not when a test changes", () => {
    const root = checkout();
    const before = sourceFingerprint(root);
    writeFileSync(join(root, "app", "root.test.tsx"), "another test\n");
    expect(sourceFingerprint(root)).toBe(before);
    writeFileSync(join(root, "app", "root.tsx"), "export const a = 2;\n");
    const edited = sourceFingerprint(root);
    expect(edited).not.toBe(before);
    writeFileSync(join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
    expect(sourceFingerprint(root)).not.toBe(edited);
    const locked = sourceFingerprint(root);
    writeFileSync(join(root, "app", "new-route.tsx"), "");
    expect(sourceFingerprint(root)).not.toBe(locked);
  });

  it("calls a build current only when it is complete and made from these sources", () => {
    const root = checkout();
    const dir = stampedBuild(root, sourceFingerprint(root));
    expect(isBuildCurrent(dir, root)).toBe(true);
    // A `git pull` that changes a source makes it stale.
    writeFileSync(join(root, "app", "root.tsx"), "export const a = 3;\n");
    expect(isBuildCurrent(dir, root)).toBe(false);
    // A build without its stamp (interrupted, or made by an older version) is not trusted.
    expect(isBuildCurrent(join(root, "missing"), root)).toBe(false);
  });
});
