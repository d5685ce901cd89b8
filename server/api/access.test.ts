import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "#domain/auth/tokens.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { reauthenticated } from "#tests/support/auth.ts";

let t: TestApp;
const tokens: Record<"admin" | "editor", string> = { admin: "", editor: "" };
let expired = "";

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["admin", "editor"] as const) {
    const password = `${role}-password-1234`;
    await t.app.services.operators.create({ username: `matrix-${role}`, password, role });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: `matrix-${role}`, password },
    });
    // Confirmed sessions: a change of sign-in details asks for the password first (reauth.test.ts).
    tokens[role] = await reauthenticated(t.app, res.json().access_token, password, "127.0.0.1");
  }
  expired = await new SignJWT({ role: "admin", username: "matrix-admin", fam: "x" })
    .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
    .setSubject("1")
    .setAudience(TOKEN_AUDIENCE)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 2000)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 1000)
    .sign(new TextEncoder().encode(t.config.JWT_SECRET));
});
afterAll(() => t.close());

// Concrete URLs for parametric routes; a role check happens before the id is looked at.
// Routes that end sessions or reset a second factor take an id nothing has: id 1 is this test's own admin (and
// its first device); ending its sessions would sign every later call out, and an admin may not reset their own.
const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, /session|two_factor\/reset/.test(url) ? "999999" : "1");

describe("role matrix over every protected /api route", () => {
  it("has protected routes to check", () => {
    expect(t.app.apiRoutes.filter((r) => r.access !== "public").length).toBeGreaterThan(0);
  });

  it("answers 401 without a token or with an expired one, 403 to editors on admin routes, and lets allowed roles through", async () => {
    const failures: string[] = [];
    // Logout ends the session it is called with, so it goes last.
    const isLogout = (r: { url: string }) => r.url === "/api/auth/logout";
    const protectedRoutes = t.app.apiRoutes
      .filter((r) => r.access !== "public")
      .sort((a, b) => Number(isLogout(a)) - Number(isLogout(b)));
    for (const route of protectedRoutes) {
      const call = (token?: string) =>
        t.app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
      const label = `${route.method} ${route.url}`;
      const none = await call();
      if (none.statusCode !== 401) failures.push(`${label} without token → ${none.statusCode}`);
      const old = await call(expired);
      if (old.statusCode !== 401 || old.json().message !== "Token expired")
        failures.push(`${label} expired → ${old.statusCode}`);
      const editor = await call(tokens.editor);
      const editorAllowed = route.access === "editor";
      if (editorAllowed ? [401, 403].includes(editor.statusCode) : editor.statusCode !== 403) {
        failures.push(`${label} editor → ${editor.statusCode}`);
      }
      const admin = await call(tokens.admin);
      if ([401, 403].includes(admin.statusCode) || admin.statusCode >= 500)
        failures.push(`${label} admin → ${admin.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
