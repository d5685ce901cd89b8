import { describe, expect, it } from "vitest";
import { nextNonce } from "./security";

describe("nextNonce", () => {
  it("gives 128-bit base64 nonces that never repeat, across refills of the pool", () => {
    const nonces = Array.from({ length: 2000 }, nextNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
