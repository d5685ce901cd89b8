import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, ownedBy } from "./columns";
import { operators } from "./content";

/**
 * An operator's TOTP second factor (RFC 6238), written only once a code from the authenticator was
 * accepted. The secret is encrypted with a key derived from JWT_SECRET (domain/auth/two-factor.ts).
 */
export const operatorTwoFactor = pgTable("operator_two_factor", {
  operatorId: integer("operator_id")
    .primaryKey()
    .references(() => operators.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  /** The 30-second time step of the last code accepted: a code of that step or an earlier one is refused. */
  lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
  enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull().defaultNow(),
  /** Wrong codes (TOTP or recovery) since the last right one; they never age out. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  /** Set once failedAttempts reached the cap: TOTP codes are refused until the owner or an admin unlocks. */
  lockedAt: timestamp("locked_at", { withTimezone: true }),
});

/** Single-use recovery codes, stored as SHA-256 of high-entropy codes (never the code itself). */
export const operatorRecoveryCodes = pgTable(
  "operator_recovery_codes",
  {
    id: serial("id").primaryKey(),
    operatorId: ownedBy("operator_id", () => operators.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("operator_recovery_codes_operator_idx").on(t.operatorId)],
);

/** Roles whose operators must sign in with a second factor (an admin's setting; absent = not required). */
export const roleTwoFactorPolicy = pgTable("role_two_factor_policy", {
  role: text("role", { enum: ["admin", "editor"] }).primaryKey(),
  required: boolean("required").notNull().default(false),
  updatedAt: updatedAt(),
});
