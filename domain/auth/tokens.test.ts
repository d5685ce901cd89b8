import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER, type AccessClaims } from "./tokens";

const SECRET = "a-jwt-secret-of-at-least-thirty-two-characters";
const KEY = new TextEncoder().encode(SECRET);
const signer = createTokenSigner(SECRET, 900);
const CLAIMS: AccessClaims = { operatorId: 7, username: "asha", role: "editor", familyId: "fam-1" };

/** A token signed with the right key, its claims and header as given: what a forger with the key would make. */
function forged(
  payload: Record<string, unknown>,
  { typ = "at+jwt", sub = "7", aud = TOKEN_AUDIENCE, iss = TOKEN_ISSUER } = {},
) {
  return new SignJWT({ username: "asha", role: "editor", fam: "fam-1", ...payload })
    .setProtectedHeader({ alg: "HS256", typ })
    .setSubject(sub)
    .setAudience(aud)
    .setIssuer(iss)
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(KEY);
}

describe("createTokenSigner", () => {
  it("signs an RFC 9068 access token that lives ttl seconds, and reads back its claims", async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await signer.sign(CLAIMS);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "at+jwt" });
    const payload = decodeJwt(token);
    // Tokens already issued carry these: another audience or issuer would sign every operator out on deploy.
    expect(payload).toMatchObject({
      sub: "7",
      aud: "gcc-console",
      iss: "gcc-view-360",
      role: "editor",
      fam: "fam-1",
    });
    expect(payload.exp! - before).toBeGreaterThanOrEqual(900);
    expect(payload.exp! - before).toBeLessThanOrEqual(901);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload).not.toHaveProperty("rat");
    expect(await signer.verify(token)).toStrictEqual({ ok: true, claims: CLAIMS });
  });

  it("carries the time of the session's re-authentication when there was one", async () => {
    const token = await signer.sign({ ...CLAIMS, role: "admin", reauthAt: 1_790_000_000_000 });
    expect(decodeJwt(token).rat).toBe(1_790_000_000_000);
    expect(await signer.verify(token)).toStrictEqual({
      ok: true,
      claims: { ...CLAIMS, role: "admin", reauthAt: 1_790_000_000_000 },
    });
    const notANumber = await signer.verify(await forged({ rat: "1790000000000" }));
    expect(notANumber).toStrictEqual({ ok: true, claims: CLAIMS });
  });

  it("tells an expired token from an invalid one", async () => {
    const expired = await createTokenSigner(SECRET, -60).sign(CLAIMS);
    expect(await signer.verify(expired)).toEqual({ ok: false, reason: "expired" });
    const otherKey = await createTokenSigner(`${SECRET}!`, 900).sign(CLAIMS);
    expect(await signer.verify(otherKey)).toEqual({ ok: false, reason: "invalid" });
    expect(await signer.verify("not a token")).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a token of another type, audience or issuer, even signed with the key", async () => {
    expect(await signer.verify(await forged({}))).toMatchObject({ ok: true });
    expect(await signer.verify(await forged({}, { typ: "JWT" }))).toEqual({ ok: false, reason: "invalid" });
    expect(await signer.verify(await forged({}, { typ: "refresh+jwt" }))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await signer.verify(await forged({}, { aud: "gcc-site" }))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await signer.verify(await forged({}, { iss: "someone-else" }))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses a token without a subject, an issue time, a known role or a session family", async () => {
    const noIat = await new SignJWT({ username: "asha", role: "editor", fam: "fam-1" })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("7")
      .setAudience(TOKEN_AUDIENCE)
      .setIssuer(TOKEN_ISSUER)
      .setExpirationTime("15m")
      .sign(KEY);
    expect(await signer.verify(noIat)).toEqual({ ok: false, reason: "invalid" });
    for (const sub of ["seven", "1.5", "9007199254740993"])
      expect(await signer.verify(await forged({}, { sub }))).toEqual({ ok: false, reason: "invalid" });
    for (const role of ["viewer", "", null])
      expect(await signer.verify(await forged({ role }))).toEqual({ ok: false, reason: "invalid" });
    expect(await signer.verify(await forged({ fam: 1 }))).toEqual({ ok: false, reason: "invalid" });
    expect(await signer.verify(await forged({ fam: undefined }))).toEqual({ ok: false, reason: "invalid" });
  });
});
