import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";
import { DEFAULT_FIGURES } from "#shared/figures.ts";

let t: TestApp;
let admin = "";
let adminId = 0;

const settings = {
  sales_email: "sales@northwind.example.com",
  info_email: "info@northwind.example.com",
  hr_email: "jobs@northwind.example.com",
  phone_india: "+91 120 111 2222",
  phone_us: "+1 202 555 0111",
  address: "Tower B, Ghaziabad, Uttar Pradesh, India",
  facebook: "https://www.facebook.com/northwind",
  twitter: "https://x.com/northwind",
  linkedin: "https://www.linkedin.com/company/northwind",
};

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.app.services.operators.create({
    username: "chief",
    password: "chief-password-0001",
    role: "admin",
  });
  adminId = row.id;
  const signedIn = (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "chief", password: "chief-password-0001" },
    })
  ).json().access_token;
  // A confirmed session: disabling an operator asks for the admin's password first (reauth.test.ts).
  admin = await reauthenticated(t.app, signedIn, "chief-password-0001", "127.0.0.1");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

// Settings saved without the privacy policy, the retention days and the figures take their defaults.
const saved = { ...settings, privacy_policy: "", application_retention_days: 180, figures: DEFAULT_FIGURES };

describe("site settings", () => {
  it("saves valid settings, which the public site then reads", async () => {
    const res = await call("PUT", "/api/site_settings", settings);
    expect(res.statusCode).toBe(200);
    expect(await t.app.services.settings.get()).toEqual(saved);
    expect((await call("GET", "/api/site_settings")).json().data).toEqual(saved);
  });

  it("saves the privacy policy and the retention days, and refuses a retention under a week", async () => {
    const policy = { ...settings, privacy_policy: "We keep little.", application_retention_days: 90 };
    expect((await call("PUT", "/api/site_settings", policy)).statusCode).toBe(200);
    expect(await t.app.services.settings.get()).toEqual({ ...policy, figures: DEFAULT_FIGURES });
    const short = await call("PUT", "/api/site_settings", { ...policy, application_retention_days: 3 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("application_retention_days: Keep applications at least 7 days");
  });

  it("saves how long backups are kept, 1 to 3,650 days, each wrong value refused with its own message", async () => {
    for (const [days, message] of [
      [0, "backup_days: Keep backups at least 1 day"],
      [1.5, "backup_days: Enter a whole number of days, 1 to 3,650"],
      [4000, "backup_days: Keep backups at most 3,650 days"],
      ["ninety", "backup_days: Enter the number of days, 1 to 3,650"],
    ] as const) {
      const res = await call("PUT", "/api/site_settings", { ...settings, backup_days: days });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call("PUT", "/api/site_settings", { ...settings, backup_days: 90 })).statusCode).toBe(200);
    expect((await t.app.services.settings.get()).backup_days).toBe(90);
  });

  it("rejects bad values and unknown fields without changing anything", async () => {
    await call("PUT", "/api/site_settings", settings);
    for (const [bad, message] of [
      [{ ...settings, info_email: "nope" }, /^info_email: /],
      [{ ...settings, facebook: "javascript:alert(1)" }, /^facebook: /],
      [{ ...settings, extra: 1 }, /"extra"/],
    ] as const) {
      const res = await call("PUT", "/api/site_settings", bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.app.services.settings.get()).toEqual(saved);
  });
});

describe("operators", () => {
  it("creates an editor who can sign in, and lists operators without password hashes", async () => {
    const res = await call("POST", "/api/operators", {
      username: "Writer.One",
      password: "writer-password-01",
      role: "editor",
    });
    expect(res.statusCode).toBe(201);
    const list = (await call("GET", "/api/operators")).json();
    expect(list.operators_data.map((o: { username: string }) => o.username)).toContain("writer.one");
    expect(JSON.stringify(list)).not.toMatch(/argon2|password/i);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "writer.one", password: "writer-password-01" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("finds operators by part of the username or e-mail address (the console list's search box)", async () => {
    await t.app.services.operators.create({
      username: "searchable.sita",
      password: "sita-password-0001",
      role: "editor",
      email: "sita@northwind.example.com",
    });
    await t.app.services.operators.create({
      username: "other.ravi",
      password: "ravi-password-0001",
      role: "editor",
    });
    const names = async (search: string) => {
      const res = await call("GET", `/api/operators?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return res.json().operators_data.map((o: { username: string }) => o.username);
    };
    expect(await names("SEARCHABLE")).toEqual(["searchable.sita"]);
    expect(await names("sita@north")).toEqual(["searchable.sita"]);
    // LIKE wildcards are plain characters.
    expect(await names("%")).toEqual([]);
    expect(await names("")).toEqual(expect.arrayContaining(["searchable.sita", "other.ravi", "chief"]));
  });

  it("refuses duplicate names, weak passwords and mass-assigned fields", async () => {
    await call("POST", "/api/operators", { username: "dupe", password: "dupe-password-001" });
    expect(
      (await call("POST", "/api/operators", { username: "DUPE", password: "dupe-password-001" })).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", "/api/operators", { username: "weak", password: "short" })).json().message,
    ).toBe("password: Use at least 12 characters");
    expect(
      (await call("POST", "/api/operators", { username: "sneaky", password: "sneaky-password-1", id: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call("POST", "/api/operators", {
          username: "sneaky",
          password: "sneaky-password-1",
          role: "owner",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("disables an operator, which ends their session at once", async () => {
    const created = (
      await call("POST", "/api/operators", { username: "temp-editor", password: "temp-password-001" })
    ).json().data;
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "temp-editor", password: "temp-password-001" },
      })
    ).json().access_token;
    expect((await call("GET", "/api/contact_requests", undefined, token)).statusCode).toBe(200);
    expect(
      (await call("PATCH", `/api/operators/${created.id}`, { disabled: true })).json().data.disabled,
    ).toBe(true);
    expect((await call("GET", "/api/contact_requests", undefined, token)).statusCode).toBe(401);
  });

  it("promotes an editor to admin, which applies to their current token", async () => {
    const created = (
      await call("POST", "/api/operators", { username: "rising", password: "rising-password-01" })
    ).json().data;
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "rising", password: "rising-password-01" },
      })
    ).json().access_token;
    expect((await call("GET", "/api/operators", undefined, token)).statusCode).toBe(403);
    await call("PATCH", `/api/operators/${created.id}`, { role: "admin" });
    expect((await call("GET", "/api/operators", undefined, token)).statusCode).toBe(200);
  });

  it("does not let an admin disable or demote themselves", async () => {
    for (const change of [{ disabled: true }, { role: "editor" }]) {
      const res = await call("PATCH", `/api/operators/${adminId}`, change);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cannot disable or demote your own account/);
    }
    const self = (await call("GET", "/api/operators"))
      .json()
      .operators_data.find((o: { id: number }) => o.id === adminId);
    expect(self).toMatchObject({ role: "admin", disabled: false });
  });
});

describe("audit log", () => {
  it("records changes with who, what and before/after, newest first, without password hashes", async () => {
    await call("PUT", "/api/site_settings", { ...settings, phone_us: "+1 202 555 0199" });
    const res = (await call("GET", "/api/audit_log?page=1&page_size=10")).json();
    expect(res.total_no_of_data).toBeGreaterThan(0);
    expect(res.audit_log_data[0]).toMatchObject({
      operator: "chief",
      action: "update",
      entity: "site_settings",
    });
    expect(res.audit_log_data[0].after.phone_us).toBe("+1 202 555 0199");
    expect(JSON.stringify(res)).not.toContain("argon2");
  });
});
