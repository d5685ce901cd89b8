import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** What authenticator apps show as the account's issuer. */
export const ISSUER_NAME = "GCC View 360";
const PERIOD_SECONDS = 30;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** AES-256-GCM with a key derived from JWT_SECRET; `purpose` keeps stored secrets and setup tokens apart. */
export function sealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "gcc-two-factor", purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      // Stryker disable next-line StringLiteral: a string with no encoding named is read as UTF-8 anyway
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed: string): string | null {
      if (!sealed.startsWith("v1.")) return null;
      const raw = Buffer.from(sealed.slice(3), "base64url");
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

// Stryker disable next-line StringLiteral: the label only names the account in the app; codes do not depend on it
export const totpOf = (base32: string, username = "") =>
  new TOTP({
    issuer: ISSUER_NAME,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** The time step a code belongs to, or null: the current step and one on either side (clock drift). */
export function matchingStep(base32: string, code: string, now: number): number | null {
  // Stryker disable next-line Regex: removing spaces one at a time or in runs gives the same text
  const token = code.replace(/\s+/g, "");
  // Stryker disable next-line ConditionalExpression,Regex: otpauth compares with six-digit codes anyway; this only spares it the work
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes: 80 random bits each, shown as four groups of four (lower-case base32). */
export function newRecoveryCode(): string {
  const text = new Secret({ size: 10 }).base32.toLowerCase();
  return text.match(/.{4}/g)!.join("-");
}
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
