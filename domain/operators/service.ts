import { asc, eq, inArray, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Database } from "#db/client.ts";
import { operators } from "#db/schema/index.ts";
import {
  newOperatorSchema,
  passwordSchema,
  usernameSchema,
  type NewOperator,
  type OperatorSummary,
  type OperatorUpdate,
} from "#schemas/operator.ts";
import type { Actor, AuditService } from "../audit/service";
import { noteEmailChangeIn } from "../auth/email-change";
import type { SecurityMail } from "../auth/security-mail";
import { holdLiveSessionIn, revokeSessionsIn, voidResetLinksIn } from "../auth/sessions";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { likePattern } from "../sql";

type OperatorRow = typeof operators.$inferSelect;

export const EMAIL_TAKEN = "Another operator has this e-mail address; each address belongs to one operator.";

/** Runs `write`, turning the e-mail address's unique index into a conflict the form can show by the field. */
async function emailChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("conflict", EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    throw error;
  }
}

export const NO_LONGER_ADMIN = "You are no longer an enabled administrator, so this change was not made.";

/**
 * Locks the acting admin's row and the target's (in id order: two admins acting on each other never deadlock)
 * and refuses an actor demoted or disabled meanwhile: two admins removing each other at once keep one admin,
 * and an admin removed while a change was on its way does not set a colleague's password or address.
 * The local key acts as no row of the table and is not asked.
 */
export async function actorStillAdminIn(tx: Pick<Database, "select">, actor: Actor, targetId: number) {
  const rows = await tx
    .select({ id: operators.id, role: operators.role, disabled: operators.disabled })
    .from(operators)
    .where(inArray(operators.id, [actor.operatorId, targetId]))
    .orderBy(asc(operators.id))
    .for("update");
  const me = rows.find((row) => row.id === actor.operatorId);
  if (actor.operatorId !== 0 && (!me || me.disabled || me.role !== "admin"))
    throw new DomainError("forbidden", NO_LONGER_ADMIN);
}

/** An operator as the console and the API show it (no password hash). */
export const operatorSummary = (r: OperatorRow): OperatorSummary => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role,
  disabled: r.disabled,
  invited: r.invitedAt !== null,
  created_at: r.createdAt.toISOString(),
});

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Loaded on the first sign-in, not at start-up: the native module costs ~14 MB resident.
const argon2 = () => import("@node-rs/argon2");

export const hashPassword = async (password: string) => (await argon2()).hash(password, ARGON2);
export const verifyPassword = async (passwordHash: string, password: string) =>
  (await argon2()).verify(passwordHash, password).catch(() => false);

export function createOperatorService(db: Database, audit?: AuditService, mail?: SecurityMail) {
  return {
    /** One page of the console's list, by username, and how many there are. */
    /** A page of operators by username; `search` matches part of the username or the e-mail address. */
    async listPage(
      page: number,
      pageSize: number,
      search = "",
    ): Promise<{ rows: OperatorSummary[]; total: number }> {
      const where = search
        ? sql`(${operators.username} || ' ' || coalesce(${operators.email}, '')) ilike ${likePattern(search)}`
        : undefined;
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(operators)
          .where(where)
          .orderBy(asc(operators.username))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.$count(operators, where),
      ]);
      return { rows: rows.map(operatorSummary), total };
    },
    /** Console edit of an operator; an admin cannot lock themselves out. */
    async update(actor: Actor, id: number, change: OperatorUpdate, ip = ""): Promise<OperatorSummary> {
      const [before] = await db.select().from(operators).where(eq(operators.id, id));
      if (!before) throw new DomainError("not_found", "Operator not found");
      if (id === actor.operatorId && (change.disabled === true || change.role === "editor")) {
        throw new DomainError("invalid", "You cannot disable or demote your own account; ask another admin.");
      }
      const passwordHash = change.password ? await hashPassword(change.password) : undefined;
      const notices = await mail?.prepare();
      const after = await emailChecked(() =>
        db.transaction(async (tx) => {
          await actorStillAdminIn(tx, actor, id);
          const [row] = await tx
            .update(operators)
            .set({
              ...(change.role ? { role: change.role } : {}),
              ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
              // A password set for an invited operator ends the invitation (its link no longer matches).
              ...(passwordHash ? { passwordHash, invitedAt: null } : {}),
              ...(change.email !== undefined ? { email: change.email } : {}),
              updatedAt: new Date(),
            })
            .where(eq(operators.id, id))
            .returning();
          // A disabled operator or a new password ends every session at once, in the same transaction.
          const sessionsEnded = Boolean(change.disabled || passwordHash);
          if (sessionsEnded) await revokeSessionsIn(tx, id);
          // Disabling voids the operator's one-time links (an invitation, a reset link): enabling again
          // does not bring them back.
          if (change.disabled) await voidResetLinksIn(tx, id);
          const self = id === actor.operatorId;
          if (change.email !== undefined && change.email !== before.email)
            await noteEmailChangeIn(tx, notices, before, row!.email, {
              ip,
              by: self ? undefined : actor.username,
            });
          // The operator hears of an admin's new password for them.
          if (passwordHash && !self) await notices?.passwordSetByAdmin(tx, row!, actor.username);
          const { passwordHash: _b, ...beforeSafe } = before;
          const { passwordHash: _a, ...afterSafe } = row!;
          await audit?.record(
            actor,
            "update",
            "operator",
            id,
            beforeSafe,
            { ...afterSafe, password_changed: Boolean(passwordHash), sessions_ended: sessionsEnded },
            tx,
          );
          return row!;
        }),
      );
      return operatorSummary(after);
    },
    async create(input: NewOperator, actor?: Actor) {
      const data = newOperatorSchema.parse(input);
      const passwordHash = await hashPassword(data.password);
      const [row] = await emailChecked(() =>
        db
          .insert(operators)
          .values({ username: data.username, passwordHash, role: data.role, email: data.email ?? null })
          .onConflictDoNothing({ target: operators.username })
          .returning({ id: operators.id, username: operators.username, role: operators.role }),
      );
      if (!row) throw new DomainError("conflict", `An operator named "${data.username}" already exists`);
      if (actor) await audit?.record(actor, "create", "operator", row.id, null, row);
      return row;
    },
    /**
     * The operator's own e-mail address (Your account), audited like an admin's edit: the old address is told,
     * with a link that undoes the change for 7 days.
     */
    async setOwnEmail(
      actor: Actor & { familyId: string },
      email: string | null,
      ip: string,
    ): Promise<OperatorSummary> {
      const notices = await mail?.prepare();
      const after = await emailChecked(() =>
        db.transaction(async (tx) => {
          // Read under the lock: an undo, an admin's change or the end of this session meanwhile wins, and the
          // address the account has now is the one told and put back by the undo link.
          await holdLiveSessionIn(tx, actor.operatorId, actor.familyId);
          const [before] = await tx.select().from(operators).where(eq(operators.id, actor.operatorId));
          if (!before) throw new DomainError("not_found", "Operator not found");
          const [row] = await tx
            .update(operators)
            .set({ email, updatedAt: new Date() })
            .where(eq(operators.id, actor.operatorId))
            .returning();
          if (email !== before.email) await noteEmailChangeIn(tx, notices, before, email, { ip });
          await audit?.record(
            actor,
            "update",
            "operator",
            actor.operatorId,
            { email: before.email },
            { email },
            tx,
          );
          return row!;
        }),
      );
      return operatorSummary(after);
    },
    /** The command-line reset; like a new password in the console, it ends every session of the operator. */
    async resetPassword(actor: Actor, username: string, password: string) {
      const name = usernameSchema.parse(username);
      const passwordHash = await hashPassword(passwordSchema.parse(password));
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(operators)
          .set({ passwordHash, invitedAt: null, updatedAt: new Date() })
          .where(eq(operators.username, name))
          .returning({ id: operators.id });
        if (!row) throw new Error(`No operator named "${name}"`);
        await revokeSessionsIn(tx, row.id);
        await audit?.record(actor, "password_reset", "operator", row.id, null, { sessions_ended: "all" }, tx);
      });
    },
    async get(id: number): Promise<OperatorSummary | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row ? operatorSummary(row) : undefined;
    },
    async findByUsername(username: string) {
      const [row] = await db
        .select()
        .from(operators)
        .where(eq(operators.username, username.trim().toLowerCase()));
      return row;
    },
    async count() {
      return db.$count(operators);
    },
    /**
     * Makes sure a fresh database has an admin: from ADMIN_USERNAME/ADMIN_PASSWORD, else a generated
     * password that is returned once so the caller can print it.
     */
    async ensureFirstAdmin(username?: string, password?: string) {
      if ((await db.$count(operators)) > 0) return null;
      const name = username ?? "admin";
      const secret = password ?? randomBytes(12).toString("base64url");
      await this.create({ username: name, password: secret, role: "admin" });
      return { username: name, generatedPassword: password ? null : secret };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
