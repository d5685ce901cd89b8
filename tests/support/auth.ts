import type { FastifyInstance } from "fastify";
import type { Role } from "#schemas/operator.ts";

let sequence = 0;

/** Creates an operator with the role and signs them in; answers their access token. */
export async function operatorToken(app: FastifyInstance, role: Role): Promise<string> {
  const username = `${role}-${++sequence}-${Date.now() % 100_000}`;
  const password = `${role}-password-${sequence}-long`;
  await app.services.operators.create({ username, password, role });
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: `10.200.0.${sequence % 250}`,
  });
  return res.json().access_token as string;
}

/**
 * Confirms the password of the session behind `token` (POST /api/auth/reauth), as the console's dialog does
 * before a change of sign-in details; answers the session's new access token, the one that may make them.
 */
export async function reauthenticated(
  app: FastifyInstance,
  token: string,
  password: string,
  remoteAddress = "10.199.0.1",
): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/reauth",
    headers: { authorization: `Bearer ${token}` },
    payload: { password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`reauth answered ${res.statusCode}: ${res.body}`);
  return res.json().data.access_token as string;
}

/** Creates the operator and signs them in from `address` (a per-address limit of their own); answers id and token. */
export async function signedInOperator(
  app: FastifyInstance,
  who: { username: string; password: string; role: Role; email?: string },
  address: string,
): Promise<{ id: number; access: string }> {
  const { id } = await app.services.operators.create(who);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: who.username, password: who.password },
    remoteAddress: address,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return { id, access: res.json().access_token as string };
}
