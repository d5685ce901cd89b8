import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { databaseEnv } from "#db/settings.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BASE_MS } from "#domain/notifications/retry-schedule.ts";
import { parseProxyTrust, PROXY_TRUST_RULE, type ProxyTrust } from "./proxy-trust";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * A whole number between `min` and `max`, with a message for each way it can be wrong (one message for the
 * whole schema would call 100000 "not a whole number" when it is too large).
 */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min.toLocaleString("en-US")}`)
    .max(max, `must be at most ${max.toLocaleString("en-US")}`);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z
  .object({
    // Unset means the real thing; `npm run dev` asks for development (Vite, reloads) explicitly.
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    ...databaseEnv,
    BUILD_DIR: z.string().min(1).default("build"),
    JWT_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ACCESS_TOKEN_TTL_SECONDS: wholeNumber(5, 86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 90).default(14),
    ADMIN_USERNAME: optionalText.pipe(
      z
        .string()
        .regex(/^[a-zA-Z0-9._-]{3,50}$/, "must be 3-50 letters, digits, dots, dashes or underscores")
        .optional(),
    ),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().default("GCC View 360 <no-reply@localhost>"),
    // The outbox waits this long after a failed attempt, doubling each time (domain/notifications/outbox.ts).
    MAIL_RETRY_BASE_MS: wholeNumber(100, 3_600_000).default(DEFAULT_RETRY_BASE_MS),
    MAIL_MAX_ATTEMPTS: wholeNumber(1, 100).default(DEFAULT_MAX_ATTEMPTS),
    PUBLIC_BASE_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    ),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): ProxyTrust => {
        const trust = parseProxyTrust(value);
        if (trust !== null) return trust;
        ctx.addIssue({ code: "custom", message: PROXY_TRUST_RULE });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SHUTDOWN_DELAY_MS: wholeNumber(0, 30_000).default(0),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 60_000).default(10_000),
    // How long a client may take to send a whole request (head and body): a body trickled in a byte at a
    // time is cut off here. 60 s lets a 10 MB image through at ~1.5 Mbit/s. Answers are not limited by it.
    REQUEST_TIMEOUT_MS: wholeNumber(1_000, 600_000).default(60_000),
    // How long an idle keep-alive connection stays open; above the 60 s idle timeout of common balancers.
    KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1_000, 600_000).default(72_000),
    // A connection on which nothing moves (no byte read or written) for this long is closed.
    CONNECTION_TIMEOUT_MS: wholeNumber(1_000, 3_600_000).default(120_000),
    SEED_DEMO: boolish,
    PUBLIC_FORM_RATE_LIMIT: wholeNumber(1, 10_000).default(5),
  })
  // A secret generated per machine would break tokens between instances sharing one PostgreSQL.
  .refine((env) => env.DATABASE_URL === undefined || env.JWT_SECRET !== undefined, {
    path: ["JWT_SECRET"],
    message: "is required with DATABASE_URL (at least 32 characters, the same on every instance)",
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    path: ["ADMIN_PASSWORD"],
    message: "and ADMIN_USERNAME must be set together",
  });

export type Config = Omit<z.infer<typeof envSchema>, "JWT_SECRET"> & {
  JWT_SECRET: string;
  DATA_DIR: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError with one readable line on any wrong value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join(".") || "environment";
    const value = typeof issue.path[0] === "string" ? env[issue.path[0]] : undefined;
    const shown = value === undefined || /SECRET|PASSWORD|URL/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const cfg = parsed.data;
  const dataDir = resolve(cfg.DATA_DIR);
  return {
    ...cfg,
    DATA_DIR: dataDir,
    BUILD_DIR: resolve(cfg.BUILD_DIR),
    JWT_SECRET: cfg.JWT_SECRET ?? embeddedSecret(dataDir),
    // Unset, the address an admin saves in Site settings is used (domain/settings/public-address.ts).
    PUBLIC_BASE_URL: cfg.PUBLIC_BASE_URL?.replace(/\/+$/, ""),
  };
}

// An embedded install (one machine, one DATA_DIR) generates its secret once and keeps it, so tokens
// survive restarts and `npm install && npm start` needs no settings, whatever NODE_ENV says.
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
