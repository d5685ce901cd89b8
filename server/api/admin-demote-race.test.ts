import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operators, operatorTwoFactor } from "#db/schema/index.ts";
import { reauthenticated, signedInOperator } from "#tests/support/auth.ts";
import { onNextPublicAddress, testAppPerFile } from "#tests/support/app.ts";

// Two admins who demote or disable each other at the same moment: each request passed the access check as an
// admin, so without a check under lock both changes were saved and the console was left without an admin.

const t = testAppPerFile();
afterEach(() => vi.restoreAllMocks());

let sequence = 0;
async function admin() {
  const username = `race-admin-${++sequence}`;
  const password = `race-admin-password-${sequence}`;
  const address = `10.88.${sequence}.1`;
  const { id, access: token } = await signedInOperator(
    t().app,
    { username, password, role: "admin" },
    address,
  );
  const access = await reauthenticated(t().app, token, password, address);
  return { id, access, address };
}

const patch = (by: { access: string; address: string }, id: number, payload: object) =>
  t().app.inject({
    method: "PATCH",
    url: `/api/operators/${id}`,
    headers: { authorization: `Bearer ${by.access}` },
    remoteAddress: by.address,
    payload,
  });

const enabledAdmins = async (ids: number[]) =>
  (
    await t()
      .app.database.db.select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, "admin"), eq(operators.disabled, false)))
  ).filter((row) => ids.includes(row.id)).length;

describe("two admins removing each other at once", () => {
  for (const change of [{ role: "editor" }, { disabled: true }]) {
    it(`keeps one of them an admin (${JSON.stringify(change)})`, async () => {
      const a = await admin();
      const b = await admin();
      const [byA, byB] = await Promise.all([patch(a, b.id, change), patch(b, a.id, change)]);
      expect([byA.statusCode, byB.statusCode].sort()).toEqual([200, 403]);
      const refused = byA.statusCode === 403 ? byA : byB;
      // Refused under the row lock, or, when one request ended before the other began (a loaded machine),
      // at the door: either way the change of a removed admin was not made.
      expect([
        "You are no longer an enabled administrator, so this change was not made.",
        "This action needs an administrator.",
      ]).toContain(refused.json().message);
      expect(await enabledAdmins([a.id, b.id])).toBe(1);
    });
  }
});

describe("an admin disabled while their change is on its way", () => {
  it("sets no colleague's password, address or role", async () => {
    const colleague = await admin();
    for (const change of [
      { password: "set-by-a-removed-admin" },
      { email: "removed-admin@evil.example" },
      { role: "editor" },
    ]) {
      const a = await admin();
      // Another admin disables `a` after a's request was let in, before it is saved.
      onNextPublicAddress(t().app, () =>
        t().app.services.operators.update({ operatorId: colleague.id, username: "b" }, a.id, {
          disabled: true,
        }),
      );
      const res = await patch(a, colleague.id, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(
        "You are no longer an enabled administrator, so this change was not made.",
      );
    }
    const [row] = await t().app.database.db.select().from(operators).where(eq(operators.id, colleague.id));
    expect(row!.email).toBeNull();
    expect(row!.role).toBe("admin");
  });
});

describe("an admin disabled while a two-factor reset is on its way", () => {
  it("leaves the colleague's second factor in place", async () => {
    const a = await admin();
    const colleague = await admin();
    await t()
      .app.database.db.insert(operatorTwoFactor)
      .values({ operatorId: colleague.id, secretEncrypted: "v1.sealed-elsewhere", lastStep: 0 });
    onNextPublicAddress(t().app, () =>
      t().app.services.operators.update({ operatorId: colleague.id, username: "b" }, a.id, {
        disabled: true,
      }),
    );
    const res = await t().app.inject({
      method: "POST",
      url: `/api/operators/${colleague.id}/two_factor/reset`,
      headers: { authorization: `Bearer ${a.access}` },
      remoteAddress: a.address,
    });
    expect(res.statusCode).toBe(403);
    expect(await t().app.services.twoFactor.isEnabled(colleague.id)).toBe(true);
  });
});
