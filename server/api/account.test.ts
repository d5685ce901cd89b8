import { asc, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let sequence = 0;
// Each session calls from the address it signed in from, so throttling stays per test.
const addressOf = new Map<string, string>();
/** A new operator (a fresh name and password each time). */
async function newOperator(role: "admin" | "editor" = "editor") {
  const username = `acct-${role}-${++sequence}`;
  const password = `acct-password-${sequence}-long`;
  const { id } = await t.app.services.operators.create({ username, password, role });
  return { id, username, password };
}

async function signIn(
  who: { username: string; password: string },
  userAgent = FIREFOX,
  address = `10.31.${++sequence % 250}.1`,
) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: who.username, password: who.password },
    headers: { "user-agent": userAgent },
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  addressOf.set(res.json().access_token, address);
  const cookie = ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("refresh_token="));
  return { access: res.json().access_token as string, refresh: cookie!.split(";")[0]!.split("=")[1]! };
}

/** The session with its password confirmed, as the console's dialog does before ending sessions. */
async function confirmed(who: { password: string }, session: { access: string; refresh: string }) {
  const address = addressOf.get(session.access);
  const access = await reauthenticated(t.app, session.access, who.password, address);
  addressOf.set(access, address!);
  return { ...session, access };
}

const call = (access: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: addressOf.get(access),
  });
const me = (access: string) => call(access, "GET", "/api/auth/me");
const refresh = (token: string) =>
  t.app.inject({
    url: "/refresh_token",
    cookies: { refresh_token: token },
    headers: { "x-requested-with": "gcc-console" },
  });

describe("changing your own password", () => {
  it("needs the current password, keeps this session and ends every other one", async () => {
    const op = await newOperator();
    const here = await signIn(op);
    const elsewhere = await signIn(op, SAFARI_IPHONE, "10.30.0.2");
    const res = await call(here.access, "POST", "/api/auth/password", {
      current_password: op.password,
      new_password: "a-fresh-and-long-passphrase",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Password changed. Your other devices have been signed out.",
      data: [],
    });
    expect((await me(here.access)).statusCode).toBe(200);
    expect((await refresh(here.refresh)).json().error_code).toBe(200);
    expect((await me(elsewhere.access)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).json().error_code).toBe(401);
    await signIn({ username: op.username, password: "a-fresh-and-long-passphrase" });
  });

  it("refuses a wrong current password, a short one and a common one, and changes nothing", async () => {
    const op = await newOperator();
    const here = await signIn(op);
    const elsewhere = await signIn(op, SAFARI_IPHONE, "10.30.0.3");
    const attempts: [object, string][] = [
      [{ current_password: "not-my-password", new_password: "another-long-passphrase" }, "current_password"],
      [{ current_password: op.password, new_password: "short-one" }, "new_password"],
      [{ current_password: op.password, new_password: "Password12345" }, "new_password"],
      [{ current_password: op.password, new_password: op.password }, "new_password"],
    ];
    for (const [body, field] of attempts) {
      const res = await call(here.access, "POST", "/api/auth/password", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const common = await call(here.access, "POST", "/api/auth/password", {
      current_password: op.password,
      new_password: "Password12345",
    });
    expect(common.json().errors.new_password).toBe("This password is one of the most common: choose another");
    expect((await me(elsewhere.access)).statusCode).toBe(200);
    await signIn(op);
  });

  it("throttles wrong current passwords like sign-ins", async () => {
    const op = await newOperator();
    const here = await signIn(op);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await call(here.access, "POST", "/api/auth/password", {
            current_password: `guess-${i}`,
            new_password: "another-long-passphrase",
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("is audited without the password or its hash", async () => {
    const op = await newOperator();
    const here = await signIn(op);
    await call(here.access, "POST", "/api/auth/password", {
      current_password: op.password,
      new_password: "audited-long-passphrase",
    });
    const entries = await t.app.database.db.select().from(auditLog);
    const mine = entries.filter((e) => e.operatorName === op.username);
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(["sign_in", "password_change"]));
    expect(JSON.stringify(mine)).not.toMatch(/passphrase|argon2|acct-password/);
  });
});

describe("signed-in devices", () => {
  it("lists each session with browser, system, address, created and last used; this one marked", async () => {
    const op = await newOperator();
    const here = await signIn(op, FIREFOX, "10.30.1.1");
    await signIn(op, SAFARI_IPHONE, "10.30.1.2");
    const res = await call(here.access, "GET", "/api/auth/sessions");
    expect(res.statusCode).toBe(200);
    const devices = res.json().sessions_data as Record<string, unknown>[];
    expect(devices).toHaveLength(2);
    expect(devices).toContainEqual(
      expect.objectContaining({ browser: "Firefox", system: "Linux", address: "10.30.1.1", current: true }),
    );
    expect(devices).toContainEqual(
      expect.objectContaining({ browser: "Safari", system: "iOS", address: "10.30.1.2", current: false }),
    );
    for (const d of devices)
      expect(Date.parse(String(d.last_used_at))).toBeGreaterThanOrEqual(Date.parse(String(d.created_at)));
  });

  it("signs one other device out, or all others, and never another operator's", async () => {
    const op = await newOperator();
    const here = await confirmed(op, await signIn(op, FIREFOX, "10.30.2.1"));
    const phone = await signIn(op, SAFARI_IPHONE, "10.30.2.2");
    const third = await signIn(op, FIREFOX, "10.30.2.3");
    const strangerOp = await newOperator();
    const stranger = await confirmed(strangerOp, await signIn(strangerOp));
    const list = async (access: string) =>
      (await call(access, "GET", "/api/auth/sessions")).json().sessions_data as {
        id: number;
        address: string;
      }[];
    const phoneId = (await list(here.access)).find((d) => d.address === "10.30.2.2")!.id;

    expect((await call(stranger.access, "DELETE", `/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await me(phone.access)).statusCode).toBe(200);

    expect((await call(here.access, "DELETE", `/api/auth/sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await me(phone.access)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).json().error_code).toBe(401);
    expect((await list(here.access)).map((d) => d.address).sort()).toEqual(["10.30.2.1", "10.30.2.3"]);
    expect((await call(here.access, "DELETE", `/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);

    expect((await call(here.access, "POST", "/api/auth/sessions/end_others")).statusCode).toBe(200);
    expect((await me(third.access)).statusCode).toBe(401);
    expect((await me(here.access)).statusCode).toBe(200);
    expect((await list(here.access)).map((d) => d.address)).toEqual(["10.30.2.1"]);
    expect((await me(stranger.access)).statusCode).toBe(200);
  });

  it("lets an admin end every session of an operator, and no editor", async () => {
    const adminOp = await newOperator("admin");
    const admin = await confirmed(adminOp, await signIn(adminOp));
    const target = await newOperator();
    const a = await signIn(target, FIREFOX, "10.30.3.1");
    const b = await signIn(target, SAFARI_IPHONE, "10.30.3.2");
    expect((await call(a.access, "POST", `/api/operators/${target.id}/end_sessions`)).statusCode).toBe(403);
    expect((await call(admin.access, "POST", "/api/operators/99999/end_sessions")).statusCode).toBe(404);
    const res = await call(admin.access, "POST", `/api/operators/${target.id}/end_sessions`);
    expect(res.statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await me(s.access)).statusCode).toBe(401);
      expect((await refresh(s.refresh)).json().error_code).toBe(401);
    }
    expect((await me(admin.access)).statusCode).toBe(200);
  });
});

describe("audit of ended sessions", () => {
  const familyOf = (access: string) => String(decodeJwt(access).fam);
  const deviceAt = async (access: string, address: string) =>
    (
      (await call(access, "GET", "/api/auth/sessions")).json().sessions_data as {
        id: number;
        address: string;
      }[]
    ).find((d) => d.address === address)!.id;
  const entriesBy = async (username: string) =>
    (await t.app.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).filter(
      (e) => e.operatorName === username && e.action !== "sign_in" && e.action !== "reauthenticated",
    );

  it("writes sessions_ended for one device, the others, an admin's End sessions and a logout, with no secret", async () => {
    const op = await newOperator();
    const here = await confirmed(op, await signIn(op, FIREFOX, "10.32.0.1"));
    const phone = await signIn(op, SAFARI_IPHONE, "10.32.0.2");
    await signIn(op, FIREFOX, "10.32.0.3");
    const phoneId = await deviceAt(here.access, "10.32.0.2");
    expect((await call(here.access, "DELETE", `/api/auth/sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await call(here.access, "POST", "/api/auth/sessions/end_others")).statusCode).toBe(200);
    const adminOp = await newOperator("admin");
    const admin = await confirmed(adminOp, await signIn(adminOp));
    expect((await call(admin.access, "POST", `/api/operators/${op.id}/end_sessions`)).statusCode).toBe(200);
    const again = await signIn(op, FIREFOX, "10.32.0.4");
    expect((await call(again.access, "POST", "/api/auth/logout")).statusCode).toBe(200);

    const shape = (e: typeof auditLog.$inferSelect) => ({
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      before: e.before,
      after: e.after,
    });
    const ended = (entity: string, entityId: string, scope: string) => ({
      action: "sessions_ended",
      entity,
      entityId,
      before: null,
      after: { scope },
    });
    expect((await entriesBy(op.username)).map(shape)).toEqual([
      ended("session", familyOf(phone.access), "one"),
      ended("operator", String(op.id), "others"),
      ended("session", familyOf(again.access), "self"),
    ]);
    expect((await entriesBy(adminOp.username)).map(shape)).toEqual([ended("operator", String(op.id), "all")]);
    const text = JSON.stringify([...(await entriesBy(op.username)), ...(await entriesBy(adminOp.username))]);
    for (const secret of [
      op.password,
      adminOp.password,
      here.access,
      here.refresh,
      phone.refresh,
      again.refresh,
    ])
      expect(text).not.toContain(secret);
  });

  it("ends nothing and changes no password when the audit entry cannot be written (one transaction)", async () => {
    const op = await newOperator();
    const adminOp = await newOperator("admin");
    const admin = await confirmed(adminOp, await signIn(adminOp));
    const here = await confirmed(op, await signIn(op, FIREFOX, "10.33.0.1"));
    const phone = await signIn(op, SAFARI_IPHONE, "10.33.0.2");
    const phoneId = await deviceAt(here.access, "10.33.0.2");
    const db = t.app.database.db;
    await db.execute(sql`create function refuse_ending_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_ending_audit before insert on audit_log for each row
      when (new.action in ('sessions_ended', 'update')) execute function refuse_ending_audit()`);
    try {
      for (const [access, method, url, payload] of [
        [here.access, "DELETE", `/api/auth/sessions/${phoneId}`],
        [here.access, "POST", "/api/auth/sessions/end_others"],
        [here.access, "POST", "/api/auth/logout"],
        [admin.access, "POST", `/api/operators/${op.id}/end_sessions`],
        [admin.access, "PATCH", `/api/operators/${op.id}`, { password: "a-password-set-by-the-admin" }],
      ] as const) {
        const res = await call(access, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(500);
        for (const session of [here, phone]) expect((await me(session.access)).statusCode, url).toBe(200);
      }
    } finally {
      await db.execute(sql`drop trigger refuse_ending_audit on audit_log`);
      await db.execute(sql`drop function refuse_ending_audit`);
    }
    expect((await refresh(phone.refresh)).json().error_code).toBe(200);
    await signIn(op, FIREFOX, "10.33.0.3");
  });

  it("says in an admin's password change that the operator's sessions ended, without the password", async () => {
    const op = await newOperator();
    const adminOp = await newOperator("admin");
    const admin = await confirmed(adminOp, await signIn(adminOp));
    const session = await signIn(op);
    const res = await call(admin.access, "PATCH", `/api/operators/${op.id}`, {
      password: "a-password-set-by-the-admin",
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    const [entry] = await entriesBy(adminOp.username);
    expect(entry).toMatchObject({
      action: "update",
      entityId: String(op.id),
      after: { password_changed: true, sessions_ended: true },
    });
    expect(JSON.stringify(entry)).not.toMatch(/a-password-set-by-the-admin|argon2|acct-password/);
  });
});
