import { asc, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { operators, refreshTokens } from "../../db/schema/index";
import {
  newOperatorSchema,
  passwordSchema,
  usernameSchema,
  type NewOperator,
  type OperatorSummary,
  type OperatorUpdate,
} from "../../schemas/operator";
import type { Actor, AuditService } from "../audit/service";
import { HttpError } from "../errors";

type OperatorRow = typeof operators.$inferSelect;
const summary = (r: OperatorRow): OperatorSummary => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled,
  created_at: r.createdAt.toISOString(),
});

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Loaded on the first sign-in, not at start-up: the native module costs ~14 MB resident.
const argon2 = () => import("@node-rs/argon2");

export const hashPassword = async (password: string) => (await argon2()).hash(password, ARGON2);
export const verifyPassword = async (passwordHash: string, password: string) =>
  (await argon2()).verify(passwordHash, password).catch(() => false);

export function createOperatorService(db: Database, audit?: AuditService) {
  return {
    async list(): Promise<OperatorSummary[]> {
      return (await db.select().from(operators).orderBy(asc(operators.username))).map(summary);
    },
    /** Console edit of an operator; an admin cannot lock themselves out. */
    async update(actor: Actor, id: number, change: OperatorUpdate): Promise<OperatorSummary> {
      const [before] = await db.select().from(operators).where(eq(operators.id, id));
      if (!before) throw new HttpError(404, "Operator not found");
      if (id === actor.operatorId && (change.disabled === true || change.role === "editor")) {
        throw new HttpError(400, "You cannot disable or demote your own account; ask another admin.");
      }
      const [after] = await db
        .update(operators)
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
          ...(change.password ? { passwordHash: await hashPassword(change.password) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(operators.id, id))
        .returning();
      // A disabled operator or a new password ends every session at once.
      if (change.disabled || change.password) {
        await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.operatorId, id));
      }
      const { passwordHash: _b, ...beforeSafe } = before;
      const { passwordHash: _a, ...afterSafe } = after!;
      await audit?.record(actor, "update", "operator", id, beforeSafe, {
        ...afterSafe,
        password_changed: Boolean(change.password),
      });
      return summary(after!);
    },
    async create(input: NewOperator, actor?: Actor) {
      const data = newOperatorSchema.parse(input);
      const [row] = await db
        .insert(operators)
        .values({ username: data.username, passwordHash: await hashPassword(data.password), role: data.role })
        .onConflictDoNothing()
        .returning({ id: operators.id, username: operators.username, role: operators.role });
      if (!row) throw new HttpError(409, `An operator named "${data.username}" already exists`);
      if (actor) await audit?.record(actor, "create", "operator", row.id, null, row);
      return row;
    },
    async resetPassword(username: string, password: string) {
      const name = usernameSchema.parse(username);
      const rows = await db
        .update(operators)
        .set({ passwordHash: await hashPassword(passwordSchema.parse(password)), updatedAt: new Date() })
        .where(eq(operators.username, name))
        .returning({ id: operators.id });
      if (rows.length === 0) throw new Error(`No operator named "${name}"`);
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
