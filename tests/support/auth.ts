import type { FastifyInstance } from "fastify";
import type { Role } from "../../schemas/operator";

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
