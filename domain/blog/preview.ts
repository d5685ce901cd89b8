import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a shared draft link works. */
export const PREVIEW_TTL_MS = 7 * 86_400_000;

export type PreviewCheck =
  | { ok: true; postId: number; version: number; expiresAt: Date }
  | { ok: false; reason: "invalid" | "expired" | "revoked" };

const encode = (text: string) => Buffer.from(text).toString("base64url");

/**
 * Signed, expiring tokens for draft preview links: `<payload>.<HMAC-SHA256>`, the payload naming the post, its
 * preview version (the post's `preview_version` when signed: raising it voids the link) and the expiry. The key is derived from the server secret with its own label, so a preview token can never pass
 * as a session token (or the other way round).
 */
export function createPreviewTokens(secret: string, now: () => number = Date.now) {
  const key = createHmac("sha256", secret).update("blog-preview-link-v1").digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    sign(postId: number, version: number, expiresAt = new Date(now() + PREVIEW_TTL_MS)): string {
      const payload = encode(
        JSON.stringify({ p: postId, v: version, e: Math.floor(expiresAt.getTime() / 1000) }),
      );
      return `${payload}.${mac(payload)}`;
    },

    /** Whether `token` was signed here for post `postId` and has not expired; the caller compares the version. */
    check(token: string, postId: number): PreviewCheck {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: "invalid" };
      let claims: { p?: unknown; v?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as typeof claims;
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (claims.p !== postId || !Number.isInteger(claims.v) || typeof claims.e !== "number")
        return { ok: false, reason: "invalid" };
      if (claims.e * 1000 <= now()) return { ok: false, reason: "expired" };
      return { ok: true, postId, version: claims.v as number, expiresAt: new Date(claims.e * 1000) };
    },
  };
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>;
