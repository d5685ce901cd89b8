import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, ownedBy } from "./columns";
import { auditActions } from "#schemas/audit.ts";
import { operators } from "./content";

/**
 * Failed sign-ins in the last 15 minutes per key: a client address (`ip:`), an account (`user:`) and an
 * account from one address (`pair:`); kept in the database so every instance sees them (domain/auth).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    /** How many failures the window held at the last write (recentFailures.length). */
    failures: integer("failures").notNull().default(0),
    /** When each failure of the window happened (epoch milliseconds); older ones are dropped on write. */
    recentFailures: jsonb("recent_failures").$type<number[]>().notNull().default([]),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index("login_throttle_updated_idx").on(t.updatedAt)],
);

/**
 * Addresses an account has signed in from (known-good): a correct password from one of them is not held
 * back by failures from other addresses. Forgotten 90 days after the last sign-in from there.
 */
export const knownSignInAddresses = pgTable(
  "login_known_addresses",
  {
    username: text("username").notNull(),
    address: text("address").notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.address] }),
    index("login_known_addresses_last_idx").on(t.lastSignInAt),
  ],
);

/** Who changed what in the console, with the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    operatorName: text("operator_name").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);

/**
 * One signed-in device: a refresh-token family (refresh_tokens.family_id) with what the operator needs to
 * recognise it. Ended sessions are found by their family having no live token.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: serial("id").primaryKey(),
    familyId: text("family_id").notNull().unique(),
    operatorId: ownedBy("operator_id", () => operators.id),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the operator last confirmed their password (or a code) in this session: for 10 minutes its tokens
     * minted from then on may change sign-in details (domain/auth/service.ts, "sudo mode").
     */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId)],
);

/**
 * "Forgot password?" links and invitations: only the SHA-256 of the token is kept. A link is single-use,
 * expires, is void when a newer one is issued (one row per operator: the older is replaced), when the
 * operator is disabled or deleted, and when the password changed by any path (`passwordFingerprint` no
 * longer matches the operator's hash). `purpose` keeps the two apart: a reset link does not accept an
 * invitation, nor the other way round.
 */
export const passwordResetTokens = pgTable("password_reset_tokens", {
  id: serial("id").primaryKey(),
  operatorId: integer("operator_id")
    .notNull()
    .unique()
    .references(() => operators.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  passwordFingerprint: text("password_fingerprint").notNull(),
  purpose: text("purpose", { enum: ["reset", "invite"] })
    .notNull()
    .default("reset"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The link mailed to an operator's old address when their e-mail address changes: for 7 days it puts the
 * old address back (domain/auth/email-change.ts). Only the SHA-256 of the token is kept; an undo deletes
 * every row of the operator, so a later change's link cannot undo the undo.
 */
export const emailChangeUndo = pgTable(
  "email_change_undo",
  {
    id: serial("id").primaryKey(),
    operatorId: ownedBy("operator_id", () => operators.id),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link puts back. */
    restoreEmail: text("restore_email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_change_undo_operator_idx").on(t.operatorId)],
);
