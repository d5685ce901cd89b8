import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { matchingStep, newRecoveryCode, normaliseRecoveryCode, sealer, sha256, totpOf } from "./totp";

const SECRET = "a-jwt-secret-of-at-least-thirty-two-characters";
const BASE32 = new Secret({ size: 20 }).base32;
/** A moment in the middle of a 30-second step, so ±30 s lands in the neighbouring steps. */
const NOW = 1_790_000_000_000 + 15_000;
const STEP = Math.floor(NOW / 30_000);
const codeAt = (timestamp: number) => totpOf(BASE32).generate({ timestamp });

describe("sha256", () => {
  it("is the hex SHA-256 of the text", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("sealer", () => {
  it("opens what it sealed, each seal with its own IV", () => {
    const box = sealer(SECRET, "totp-secret-v1");
    const one = box.seal("JBSWY3DPEHPK3PXP");
    const two = box.seal("JBSWY3DPEHPK3PXP");
    expect(one).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(box.open(one)).toBe("JBSWY3DPEHPK3PXP");
    expect(box.open(two)).toBe("JBSWY3DPEHPK3PXP");
    // The shortest sealed text: IV, tag and a one-byte body.
    expect(box.open(box.seal("x"))).toBe("x");
  });

  it("opens what an earlier release sealed: the key's derivation is part of every stored secret", () => {
    const stored = "v1.vWZLHWBYQZo8vqmh1V907LinioMY6JWs7IrIISf5hdQ5kFJGNGW602Slrxs";
    expect(sealer(SECRET, "totp-secret-v1").open(stored)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a seal whose tag is cut short (GCM itself would check a 4-byte tag and let it through)", () => {
    const box = sealer(SECRET, "p");
    const raw = Buffer.from(box.seal("").slice(3), "base64url");
    expect(box.open(`v1.${raw.toString("base64url")}`)).toBeNull();
    expect(box.open(`v1.${raw.subarray(0, 16).toString("base64url")}`)).toBeNull();
  });

  it("does not open a seal of another purpose or another secret", () => {
    const sealed = sealer(SECRET, "totp-setup-v1").seal("setup");
    expect(sealer(SECRET, "totp-secret-v1").open(sealed)).toBeNull();
    expect(sealer(`${SECRET}!`, "totp-setup-v1").open(sealed)).toBeNull();
  });

  it("refuses a changed byte, another version, and text too short to hold an IV and a tag", () => {
    const box = sealer(SECRET, "p");
    const raw = Buffer.from(box.seal("secret value").slice(3), "base64url");
    raw.writeUInt8(raw.at(-1)! ^ 1, raw.length - 1);
    expect(box.open(`v1.${raw.toString("base64url")}`)).toBeNull();
    expect(box.open(box.seal("secret value").replace(/^v1\./, "v2."))).toBeNull();
    expect(box.open(box.seal("secret value").slice(3))).toBeNull();
    expect(box.open(`v1.${Buffer.alloc(20).toString("base64url")}`)).toBeNull();
    expect(box.open("v1.")).toBeNull();
  });
});

describe("totpOf", () => {
  it("is what authenticator apps expect: the issuer, the username, SHA1, 6 digits every 30 s", () => {
    const uri = totpOf("JBSWY3DPEHPK3PXP", "asha").toString();
    expect(uri).toBe(
      "otpauth://totp/GCC%20View%20360:asha?issuer=GCC%20View%20360&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
    );
    // RFC 6238's SHA1 test vector, cut to six digits.
    const rfcSecret = Secret.fromUTF8("12345678901234567890").base32;
    expect(totpOf(rfcSecret).generate({ timestamp: 59_000 })).toBe("287082");
  });
});

describe("matchingStep", () => {
  it("names the step of a current code, and of one step early or late", () => {
    expect(matchingStep(BASE32, codeAt(NOW), NOW)).toBe(STEP);
    expect(matchingStep(BASE32, codeAt(NOW - 30_000), NOW)).toBe(STEP - 1);
    expect(matchingStep(BASE32, codeAt(NOW + 30_000), NOW)).toBe(STEP + 1);
  });

  it("refuses a code two steps away, and anything but six digits", () => {
    expect(matchingStep(BASE32, codeAt(NOW - 60_000), NOW)).toBeNull();
    expect(matchingStep(BASE32, codeAt(NOW + 60_000), NOW)).toBeNull();
    const code = codeAt(NOW);
    expect(matchingStep(BASE32, `${code}0`, NOW)).toBeNull();
    expect(matchingStep(BASE32, code.slice(1), NOW)).toBeNull();
    expect(matchingStep(BASE32, `x${code}`, NOW)).toBeNull();
    expect(matchingStep(BASE32, `${code}x`, NOW)).toBeNull();
  });

  it("reads a code typed with spaces, as apps show it", () => {
    const code = codeAt(NOW);
    expect(matchingStep(BASE32, ` ${code.slice(0, 3)} ${code.slice(3)} `, NOW)).toBe(STEP);
    expect(matchingStep(BASE32, `${code.slice(0, 3)}\t \t${code.slice(3)}`, NOW)).toBe(STEP);
  });
});

describe("recovery codes", () => {
  it("are four groups of four base32 letters, each new", () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it("are compared without case, dashes or spaces", () => {
    expect(normaliseRecoveryCode(" AB2C-de3F gh4i_JK5L ")).toBe("ab2cde3fgh4ijk5l");
  });
});
