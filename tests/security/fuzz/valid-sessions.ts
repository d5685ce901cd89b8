import { expect } from "vitest";
import { roleTwoFactorPolicy } from "#db/schema/index.ts";
import { REFRESH_COOKIE } from "#server/api/auth.ts";
import type { TestApp } from "#tests/support/app.ts";
import type { Role } from "./harness";
import type { Answer, SignedIn, ValidCaseContext, ValidRequest } from "./valid-cases";

const PASSWORD = "fuzz-password-0123456789";

/**
 * The standing editor and admin sessions a walk over every route sends as, the context its valid cases
 * (valid-cases.ts) are built in, and the sending of one valid case. Each request comes from its own address,
 * so no limiter counts them together.
 */
export function validCaseSessions(t: TestApp) {
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    editor: undefined,
    admin: undefined,
  };
  let signIns = 0;
  let sent = 0;
  const nextAddress = () => `10.251.${++sent >> 8}.${sent & 255}`;
  // When each standing session confirmed its password: a change of sign-in details needs one of the last
  // few minutes (sudo mode), so a long walk confirms again in time.
  const confirmedAt: Record<Role, number> = { anonymous: 0, editor: 0, admin: 0 };
  const RECONFIRM_AFTER_MS = 5 * 60_000;

  /** The session's token after confirming its password (POST /api/auth/reauth), as the console's dialog does. */
  async function confirm(access: string, password: string, remoteAddress: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/reauth",
      remoteAddress,
      headers: { authorization: `Bearer ${access}` },
      payload: { password },
    });
    if (res.statusCode !== 200) throw new Error(`setup reauth answered ${res.statusCode}: ${res.body}`);
    return res.json<{ data: { access_token: string } }>().data.access_token;
  }

  async function signInAs(role: Exclude<Role, "anonymous">) {
    const username = `fuzz-${role}-${++signIns}`;
    await t.app.services.operators.create({ username, password: PASSWORD, role });
    // Its own address range: generated login requests may use up 127.0.0.1's login limit.
    const address = `10.250.${signIns >> 8}.${signIns & 255}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: address,
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    tokens[role] = await confirm(res.json<{ access_token: string }>().access_token, PASSWORD, address);
    confirmedAt[role] = Date.now();
  }

  return {
    tokens,
    nextAddress,

    /** Signs the standing editor and admin in. */
    async signInAll() {
      await signInAs("admin");
      await signInAs("editor");
    },

    /** A walk may sign our operators out, disable or demote them: sign in afresh when so. */
    async keepSignedIn() {
      // A two-factor policy set by the walk would leave every later route to enrolment only.
      await t.app.database.db.delete(roleTwoFactorPolicy);
      for (const role of ["editor", "admin"] as const) {
        const res = await t.app.inject({
          method: "GET",
          url: role === "admin" ? "/api/operators" : "/api/auth/me",
          headers: { authorization: `Bearer ${tokens[role]}` },
        });
        if (res.statusCode !== 200 || Date.now() - confirmedAt[role] > RECONFIRM_AFTER_MS)
          await signInAs(role);
      }
    },

    context: (): ValidCaseContext => ({
      db: t.app.database.db,
      engine: t.app.database.engine,
      async send(as, method, url, payload) {
        const token = typeof as === "string" ? tokens[as] : as.token;
        const res = await t.app.inject({
          method: method as "GET",
          url,
          remoteAddress: nextAddress(),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        let body: Answer = {};
        try {
          body = res.json();
        } catch {
          // A CSV or empty answer: the status is what counts.
        }
        return { status: res.statusCode, body };
      },
      async newOperator(role = "editor") {
        const username = `fuzz-login-${++sent}`;
        await t.app.services.operators.create({ username, password: PASSWORD, role });
        return { username, password: PASSWORD };
      },
      async signIn(credentials): Promise<SignedIn> {
        const address = nextAddress();
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: address,
          payload: credentials,
        });
        if (res.statusCode !== 200) throw new Error(`setup sign-in answered ${res.statusCode}: ${res.body}`);
        const refresh = res.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
        if (!refresh) throw new Error("setup sign-in set no refresh cookie");
        return {
          accessToken: await confirm(
            res.json<{ access_token: string }>().access_token,
            credentials.password,
            address,
          ),
          refreshToken: refresh.value,
        };
      },
    }),

    /** Sends a valid case as its role; a case that signed in itself carries its own authorization, which wins. */
    send(valid: ValidRequest) {
      const token = tokens[valid.role];
      const body = valid.rawPayload ?? valid.payload;
      return t.app.inject({
        method: valid.method as "GET",
        url: valid.url,
        remoteAddress: nextAddress(),
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...valid.headers },
        ...(body ? { payload: body } : {}),
      });
    },
  };
}
