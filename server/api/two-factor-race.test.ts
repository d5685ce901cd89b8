import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operatorRecoveryCodes, operatorTwoFactor } from "#db/schema/index.ts";
import { reauthenticated, signedInOperator } from "#tests/support/auth.ts";
import { onNextPublicAddress, testAppPerFile } from "#tests/support/app.ts";

// Turning two-factor sign-in on checks the code, prepares its mail, then saves: a session ended meanwhile (the
// owner's reset link, an undone e-mail change, an admin) must not still make a thief's authenticator the
// account's second factor and hand the thief its recovery codes.

const t = testAppPerFile();
afterEach(() => vi.restoreAllMocks());
const db = () => t().app.database.db;

let sequence = 0;
async function confirmedOperator() {
  const username = `race-2fa-${++sequence}`;
  const password = `race-2fa-password-${sequence}`;
  const address = `10.55.${sequence}.1`;
  const { id, access: token } = await signedInOperator(
    t().app,
    { username, password, role: "editor" },
    address,
  );
  const access = await reauthenticated(t().app, token, password, address);
  return { id, address, access };
}

const post = (who: { access: string; address: string }, url: string, payload?: object) =>
  t().app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${who.access}` },
    remoteAddress: who.address,
    ...(payload ? { payload } : {}),
  });
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();

/** Runs `meanwhile` once, after the code was checked and before the change is saved. */
const between = (meanwhile: () => Promise<void>) => onNextPublicAddress(t().app, meanwhile);
const ADMIN = { operatorId: 0, username: "test", role: "admin" as const, familyId: "" };

describe("two-factor changes of a session ended meanwhile", () => {
  it("does not turn two-factor on, and answers no recovery codes", async () => {
    const op = await confirmedOperator();
    const setup = (await post(op, "/api/auth/two_factor/setup")).json().data;
    between(async () => {
      await t().app.services.auth.endAllSessions(ADMIN, op.id);
    });
    const res = await post(op, "/api/auth/two_factor/enable", {
      setup_token: setup.setup_token,
      code: codeOf(setup.secret),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Your session has ended. Please sign in again.");
    expect(
      await db().select().from(operatorTwoFactor).where(eq(operatorTwoFactor.operatorId, op.id)),
    ).toEqual([]);
    expect(
      await db().select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, op.id)),
    ).toEqual([]);
  });

  it("does not turn two-factor off", async () => {
    const op = await confirmedOperator();
    const setup = (await post(op, "/api/auth/two_factor/setup")).json().data;
    const on = await post(op, "/api/auth/two_factor/enable", {
      setup_token: setup.setup_token,
      code: codeOf(setup.secret),
    });
    expect(on.statusCode).toBe(200);
    const sudo = { ...op, access: on.json().data.access_token as string };
    between(async () => {
      await t().app.services.auth.endAllSessions(ADMIN, op.id);
    });
    const res = await post(sudo, "/api/auth/two_factor/disable");
    expect(res.statusCode).toBe(401);
    expect(await t().app.services.twoFactor.isEnabled(op.id)).toBe(true);
  });
});
