import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { emailUndoLink, emailUndoTokenHash } from "./email-change";
import { passwordFingerprint, resetLink, resetTokenHash } from "./password-reset";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("links mailed to operators", () => {
  it("carry the token in the fragment, which browsers never send to a server (or its log)", () => {
    expect(resetLink("https://gcc.example", "abc_123")).toBe(
      "https://gcc.example/dashboard/reset-password#token=abc_123",
    );
    expect(emailUndoLink("https://gcc.example", "abc_123")).toBe(
      "https://gcc.example/dashboard/undo-email-change#token=abc_123",
    );
  });

  it("are stored as the SHA-256 of their token only", () => {
    expect(resetTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(emailUndoTokenHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("depend on the password hash through its own fingerprint, not the hash itself", () => {
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
    expect(passwordFingerprint(hash)).toBe(sha256(`reset:${hash}`));
    expect(passwordFingerprint(hash)).not.toBe(passwordFingerprint(`${hash}x`));
  });
});
