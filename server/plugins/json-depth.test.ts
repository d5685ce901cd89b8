import { beforeAll, describe, expect, it } from "vitest";
import { operatorToken } from "#tests/support/auth.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from "./json-depth";

const t = testAppPerFile();
let editor: string;
beforeAll(async () => {
  editor = await operatorToken(t().app, "editor");
});

const post = (url: string, payload: string, token?: string) =>
  t().app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("JSON bodies nested deeper than any route takes", () => {
  it("are refused before parsing: a signed-in client's 1 MB of brackets does not hold the server", async () => {
    for (const url of ["/api/auth/reauth", "/api/auth/password", "/api/auth/logout"]) {
      const started = performance.now();
      const res = await post(url, `{"password":"x","z":${nested(500_000)}}`, editor);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(TOO_DEEP);
      // JSON.parse alone takes ~300 ms on this body; the scan a few.
      expect(performance.now() - started, url).toBeLessThan(1000);
    }
    const res = await post("/api/auth/login", nested(10_000));
    expect(res.json().message).toBe(TOO_DEEP);
  });

  it("are parsed as before up to the limit, flat ones of any length too", async () => {
    const deepEnough = await post(
      "/api/auth/login",
      `{"username":"a","password":"b","z":${nested(MAX_JSON_DEPTH - 1)}}`,
    );
    expect(deepEnough.json().message).toBe("Incorrect username or password.");
    const long = await post("/api/auth/reauth", JSON.stringify({ password: "[".repeat(900_000) }), editor);
    expect(long.json().errors).toEqual({ password: "Password is too long" });
    const broken = await post("/api/auth/login", '{"username":');
    expect(broken.json().message).toBe("The request body is not valid JSON.");
    const poisoned = await post("/api/auth/login", '{"__proto__":{"x":1},"username":"a","password":"b"}');
    expect(poisoned.json().message).toBe("The request body is not valid JSON.");
  });

  it("counts brackets outside strings only", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(`["${"[".repeat(50)}"]`, 3)).toBe(false);
    expect(nestsDeeperThan(`["\\"${"[".repeat(50)}"]`, 3)).toBe(false);
    expect(nestsDeeperThan(`["\\\\", ${nested(5)}]`, 3)).toBe(true);
  });
});
