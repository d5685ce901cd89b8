import { afterAll, beforeAll } from "vitest";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

/** A test app with a signed-in admin and editor, and helpers to call the logistics API as them. */
export async function logisticsTestApp({ database }: { database?: DatabaseHandle } = {}) {
  const t: TestApp = await createTestApp({}, { database });
  const tokens = { admin: "", editor: "" };
  for (const role of ["admin", "editor"] as const) {
    const password = `${role}-logistics-pass-1`;
    await t.app.services.operators.create({ username: `logistics-${role}`, password, role });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: `logistics-${role}`, password },
    });
    tokens[role] = res.json().access_token;
  }
  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    role: "admin" | "editor" = "admin",
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${tokens[role]}` },
    });
  return { t, app: t.app as FastifyInstance, tokens, call };
}

export type LogisticsTestApp = Awaited<ReturnType<typeof logisticsTestApp>>;

/** The test file's logistics app: made before its tests, closed after them; `call` and `db` reach it. */
export function logisticsTestAppPerFile() {
  let ctx: LogisticsTestApp | undefined;
  beforeAll(async () => {
    ctx = await logisticsTestApp();
  });
  afterAll(() => ctx?.t.close());
  const current = () => ctx!;
  return {
    ctx: current,
    call: (...args: Parameters<LogisticsTestApp["call"]>) => current().call(...args),
    db: () => current().app.database.db,
  };
}
