import { afterEach, describe, expect, it, vi } from "vitest";
import { onNextPublicAddress, testAppPerFile } from "#tests/support/app.ts";
import { signedInOperator } from "#tests/support/auth.ts";

// The current password is checked, then the new one hashed (~0.1 s) before it is stored: whatever changed the
// password or ended the session meanwhile (a reset link, an admin, another tab) must win over the change.

const t = testAppPerFile();
afterEach(() => vi.restoreAllMocks());

let sequence = 0;
async function signedIn() {
  const username = `race-pw-${++sequence}`;
  const password = `race-password-${sequence}-long`;
  const address = `10.77.${sequence}.1`;
  const { id, access } = await signedInOperator(t().app, { username, password, role: "editor" }, address);
  return { id, username, password, address, access };
}

const change = (who: { access: string; address: string; password: string }, newPassword: string) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/password",
    headers: { authorization: `Bearer ${who.access}` },
    remoteAddress: who.address,
    payload: { current_password: who.password, new_password: newPassword },
  });

const signsIn = async (username: string, password: string) =>
  (
    await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
      remoteAddress: "10.78.0.1",
    })
  ).statusCode === 200;

/** Runs `meanwhile` once, after the current password was checked and before the new one is stored. */
const between = (meanwhile: () => Promise<void>) => onNextPublicAddress(t().app, meanwhile);

describe("changing your own password while something else changes the account", () => {
  it("saves one of two changes sent at once, refuses the other, and the saved one signs in", async () => {
    const op = await signedIn();
    const [first, second] = await Promise.all([
      change(op, "first-new-long-passphrase"),
      change(op, "second-new-long-passphrase"),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const saved = first.statusCode === 200 ? "first-new-long-passphrase" : "second-new-long-passphrase";
    const refused = first.statusCode === 200 ? second : first;
    expect(refused.json().message).toBe(
      "Your password was changed while this change was being saved, so it was not saved. Sign in with the new password.",
    );
    expect(await signsIn(op.username, saved)).toBe(true);
  });

  it("does not overwrite a password set meanwhile by the owner's reset (the session is ended)", async () => {
    const op = await signedIn();
    between(() =>
      t().app.services.operators.resetPassword(
        { operatorId: 0, username: "test" },
        op.username,
        "owner-recovered-long-passphrase",
      ),
    );
    const res = await change(op, "attacker-chosen-long-passphrase");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Your session has ended. Please sign in again.");
    expect(await signsIn(op.username, "owner-recovered-long-passphrase")).toBe(true);
    expect(await signsIn(op.username, "attacker-chosen-long-passphrase")).toBe(false);
  });

  it("changes nothing once an admin has ended the session meanwhile", async () => {
    const op = await signedIn();
    between(async () => {
      await t().app.services.auth.endAllSessions(
        { operatorId: 0, username: "test", role: "admin", familyId: "" },
        op.id,
      );
    });
    const res = await change(op, "attacker-chosen-long-passphrase");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Your session has ended. Please sign in again.");
    expect(await signsIn(op.username, op.password)).toBe(true);
  });
});
