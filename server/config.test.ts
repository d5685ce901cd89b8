import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(join(tmpdir(), "gcc-config-"));

describe("loadConfig", () => {
  it("applies defaults for a bare environment (production; only `npm run dev` asks for development)", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe("production");
    expect(config.DATABASE_URL).toBeUndefined();
    // Unset: the address saved in Site settings, else http://localhost:PORT (domain/settings/public-address.ts).
    expect(config.PUBLIC_BASE_URL).toBeUndefined();
    // The mail outbox's shipped schedule (domain/notifications/retry-schedule.test.ts checks its math).
    expect(config.MAIL_RETRY_BASE_MS).toBe(5_000);
    expect(config.MAIL_MAX_ATTEMPTS).toBe(12);
  });

  it.each(["development", "production", "test"])(
    "on the embedded database (%s) generates a JWT secret once and keeps it in DATA_DIR, mode 0600",
    (NODE_ENV) => {
      const dir = dataDir();
      const first = loadConfig({ NODE_ENV, DATA_DIR: dir }).JWT_SECRET;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(dir, "jwt-secret"), "utf8")).toBe(first);
      expect(statSync(join(dir, "jwt-secret")).mode & 0o777).toBe(0o600);
      expect(loadConfig({ NODE_ENV, DATA_DIR: dir }).JWT_SECRET).toBe(first);
    },
  );

  it("lets an explicit JWT_SECRET win over the kept one", () => {
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir });
    const explicit = "x".repeat(40);
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR: dir, JWT_SECRET: explicit }).JWT_SECRET).toBe(
      explicit,
    );
  });

  it("requires JWT_SECRET with DATABASE_URL (instances share it) and does not generate one", () => {
    const dir = dataDir();
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db/gcc" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toBe(
      "Invalid configuration: JWT_SECRET is required with DATABASE_URL (at least 32 characters, the same on every instance)",
    );
    expect(existsSync(join(dir, "jwt-secret"))).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT .*\(got "eighty"\)$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ JWT_SECRET: "short" }, /^Invalid configuration: JWT_SECRET must be at least 32 characters$/],
    [
      { ADMIN_USERNAME: "boss" },
      /^Invalid configuration: ADMIN_PASSWORD and ADMIN_USERNAME must be set together$/,
    ],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL must be an smtp/],
    [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL /],
    [{ MAIL_RETRY_BASE_MS: "soon" }, /^Invalid configuration: MAIL_RETRY_BASE_MS must be a whole number/],
    [{ MAIL_MAX_ATTEMPTS: "0" }, /^Invalid configuration: MAIL_MAX_ATTEMPTS .*\(got "0"\)$/],
    [{ TRUST_PROXY: "maybe" }, /^Invalid configuration: TRUST_PROXY must be .*\(got "maybe"\)$/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^Invalid configuration: TRUST_PROXY must be /],
    [{ TRUST_PROXY: "0.0.0.0/0" }, /^Invalid configuration: TRUST_PROXY must be /],
    [{ TRUST_PROXY: "10.0.0.1, nonsense" }, /^Invalid configuration: TRUST_PROXY must be /],
    [{ TRUST_PROXY: "-1" }, /^Invalid configuration: TRUST_PROXY must be /],
  ])("rejects %o with one clear line", (env, message) => {
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  // Every numeric setting, with its bounds: each way a value can be wrong gets its own message.
  it.each([
    ["PORT", 0, 65_535],
    ["ACCESS_TOKEN_TTL_SECONDS", 5, 86_400],
    ["REFRESH_TOKEN_TTL_DAYS", 1, 90],
    ["MAIL_RETRY_BASE_MS", 100, 3_600_000],
    ["MAIL_MAX_ATTEMPTS", 1, 100],
    ["SHUTDOWN_DELAY_MS", 0, 30_000],
    ["SHUTDOWN_TIMEOUT_MS", 100, 60_000],
    ["REQUEST_TIMEOUT_MS", 1_000, 600_000],
    ["KEEP_ALIVE_TIMEOUT_MS", 1_000, 600_000],
    ["CONNECTION_TIMEOUT_MS", 1_000, 3_600_000],
    ["PUBLIC_FORM_RATE_LIMIT", 1, 10_000],
  ])("says what is wrong with %s: not a number, a fraction, below %i, above %i", (name, min, max) => {
    const message = (value: string) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), [name]: value });
      } catch (e) {
        return (e as Error).message;
      }
      return "accepted";
    };
    const n = (v: number) => v.toLocaleString("en-US");
    expect(message("many")).toBe(`Invalid configuration: ${name} must be a whole number (got "many")`);
    expect(message(`${min}.5`)).toBe(
      `Invalid configuration: ${name} must be a whole number (got "${min}.5")`,
    );
    expect(message(String(min - 1))).toBe(
      `Invalid configuration: ${name} must be at least ${n(min)} (got "${min - 1}")`,
    );
    expect(message(String(max * 10))).toBe(
      `Invalid configuration: ${name} must be at most ${n(max)} (got "${max * 10}")`,
    );
    expect(message(String(max))).toBe("accepted");
  });

  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", { hops: 1 }],
    ["1", { hops: 1 }],
    ["2", { hops: 2 }],
    ["10.0.0.0/8, 192.168.1.7", { addresses: ["10.0.0.0/8", "192.168.1.7"] }],
    ["loopback,fd00::/8", { addresses: ["loopback", "fd00::/8"] }],
  ])("reads TRUST_PROXY=%s as %o", (TRUST_PROXY, expected) => {
    const env = { DATA_DIR: dataDir(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) };
    expect(loadConfig(env).TRUST_PROXY).toEqual(expected);
  });

  it("never echoes secret values in its message", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: "hunter2" })).toThrow(/^((?!hunter2).)*$/);
  });
});
