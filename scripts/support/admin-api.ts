import { TEST_ADMIN } from "#tests/e2e/support/server.ts";

/** The JSON answer of a console API call, as the benches read it. */
export interface Answer {
  data?: unknown;
  message?: string;
}

/**
 * Signs in to the server at `baseUrl` as the test admin; answers the token and a JSON caller of the API
 * that throws on any answer that is not a 2xx, with its message.
 */
export async function adminApi(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as Answer;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${answer.message}`);
    return answer;
  };
  return { token, call };
}
