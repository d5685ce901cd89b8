import { errors, jwtVerify, SignJWT } from "jose";
import type { Role } from "#schemas/operator.ts";

export const TOKEN_AUDIENCE = "gcc-console";
export const TOKEN_ISSUER = "gcc-view-360";
// RFC 9068 access-token type; a refresh token or any other JWT is refused as an access token.
const ACCESS_TYPE = "at+jwt";

export interface AccessClaims {
  operatorId: number;
  username: string;
  role: Role;
  familyId: string;
  /** The session's re-authentication this token was minted after (epoch ms), if any ("sudo mode"). */
  reauthAt?: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" };

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      // Stryker disable next-line ConditionalExpression: { rat: undefined } signs as no claim, the same token
      const reauth = claims.reauthAt === undefined ? {} : { rat: claims.reauthAt };
      return new SignJWT({ username: claims.username, role: claims.role, fam: claims.familyId, ...reauth })
        .setProtectedHeader({ alg: "HS256", typ: ACCESS_TYPE })
        .setSubject(String(claims.operatorId))
        .setAudience(TOKEN_AUDIENCE)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          audience: TOKEN_AUDIENCE,
          issuer: TOKEN_ISSUER,
          typ: ACCESS_TYPE,
          requiredClaims: ["sub", "exp", "iat"],
        });
        const operatorId = Number(payload.sub);
        const role = payload.role;
        if (
          !Number.isSafeInteger(operatorId) ||
          (role !== "admin" && role !== "editor") ||
          typeof payload.fam !== "string"
        ) {
          return { ok: false, reason: "invalid" };
        }
        const claims: AccessClaims = {
          operatorId,
          username: String(payload.username),
          role,
          familyId: payload.fam,
        };
        if (typeof payload.rat === "number") claims.reauthAt = payload.rat;
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
      }
    },
  };
}
