import { eq } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Database } from "#db/client.ts";
import { operators } from "#db/schema/index.ts";
import { DomainError } from "../errors";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "./tokens";
import { sha256 } from "./totp";

const CHALLENGE_TTL_SECONDS = 5 * 60;
const CHALLENGE_TYPE = "2fa-challenge+jwt";
const CHALLENGE_ENDED = "This sign-in has expired. Enter your username and password again.";

/** The signed challenge between a sign-in's password step and its second factor. */
export function createSignInChallenges(db: Database, secret: string) {
  const challengeKey = new TextEncoder().encode(secret);
  return {
    /** The short-lived proof that the password was right, traded with a second factor for tokens. */
    async challengeFor(operator: { id: number; passwordHash: string }): Promise<string> {
      return new SignJWT({ pwd: sha256(operator.passwordHash).slice(0, 32) })
        .setProtectedHeader({ alg: "HS256", typ: CHALLENGE_TYPE })
        .setSubject(String(operator.id))
        .setAudience(`${TOKEN_AUDIENCE}:second-factor`)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
        .sign(challengeKey);
    },

    /** The operator a challenge was issued for, if it is still valid for their current password. */
    async openChallenge(challenge: string) {
      try {
        const { payload } = await jwtVerify(challenge, challengeKey, {
          algorithms: ["HS256"],
          audience: `${TOKEN_AUDIENCE}:second-factor`,
          issuer: TOKEN_ISSUER,
          typ: CHALLENGE_TYPE,
          requiredClaims: ["sub", "exp"],
        });
        const operatorId = Number(payload.sub);
        const [operator] = await db.select().from(operators).where(eq(operators.id, operatorId));
        if (!operator || operator.disabled || payload.pwd !== sha256(operator.passwordHash).slice(0, 32))
          throw new DomainError("unauthorized", CHALLENGE_ENDED);
        return operator;
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if (error instanceof errors.JOSEError) throw new DomainError("unauthorized", CHALLENGE_ENDED);
        throw error;
      }
    },
  };
}
